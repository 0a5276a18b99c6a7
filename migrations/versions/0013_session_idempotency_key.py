"""a session keeps the Idempotency-Key of the API request that started it

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-29 07:10:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0013'
down_revision = '0012'
branch_labels = None
depends_on = None


def upgrade():
    # existing sessions have none: only a start sent from now on is answered again
    with op.batch_alter_table('game_session', schema=None) as batch_op:
        batch_op.add_column(sa.Column('idempotency_key', sa.String(length=80), nullable=True))
        batch_op.add_column(sa.Column('request_fingerprint', sa.String(length=64), nullable=True))
        batch_op.create_index('ix_game_session_idempotency_key', ['idempotency_key'], unique=True)


def downgrade():
    with op.batch_alter_table('game_session', schema=None) as batch_op:
        batch_op.drop_index('ix_game_session_idempotency_key')
        batch_op.drop_column('request_fingerprint')
        batch_op.drop_column('idempotency_key')
