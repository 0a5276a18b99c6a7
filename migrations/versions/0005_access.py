"""table PIN per session

Revision ID: 0005
Revises: 0002
Create Date: 2026-11-22 07:15:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0005'
down_revision = '0004'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('game_session', schema=None) as batch_op:
        batch_op.add_column(sa.Column('pin_hash', sa.String(length=255), nullable=True))


def downgrade():
    with op.batch_alter_table('game_session', schema=None) as batch_op:
        batch_op.drop_column('pin_hash')
