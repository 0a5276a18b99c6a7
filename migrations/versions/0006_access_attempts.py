"""wrong passwords and PINs counted in the database (shared by every worker)

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-23 16:05:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0006'
down_revision = '0005'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'access_attempt',
        sa.Column('kind', sa.String(length=8), nullable=False),
        sa.Column('client', sa.String(length=64), nullable=False),
        sa.Column('failures', sa.Integer(), nullable=False),
        sa.Column('last_at', sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint('kind', 'client'),
    )
    with op.batch_alter_table('access_attempt', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_access_attempt_last_at'), ['last_at'], unique=False)


def downgrade():
    with op.batch_alter_table('access_attempt', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_access_attempt_last_at'))
    op.drop_table('access_attempt')
