"""a revision keeps a fingerprint of the request its idempotency key came with

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-27 10:00:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0008'
down_revision = '0007'
branch_labels = None
depends_on = None


def upgrade():
    # existing rows have none: a retry of an old save is answered as before, whatever its body
    with op.batch_alter_table('revision', schema=None) as batch_op:
        batch_op.add_column(sa.Column('request_fingerprint', sa.String(length=64), nullable=True))


def downgrade():
    with op.batch_alter_table('revision', schema=None) as batch_op:
        batch_op.drop_column('request_fingerprint')
