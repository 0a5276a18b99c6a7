"""a signed-in device: logging out and "sign out every device" delete its row

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-26 15:00:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0009'
down_revision = '0008'
branch_labels = None
depends_on = None


def upgrade():
    # cookies from before have no device: their logins and PINs are asked for once more
    op.create_table(
        'device',
        sa.Column('id', sa.String(length=32), nullable=False),
        sa.Column('created_at', sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint('id'),
    )
    with op.batch_alter_table('device', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_device_created_at'), ['created_at'], unique=False)


def downgrade():
    with op.batch_alter_table('device', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_device_created_at'))
    op.drop_table('device')
