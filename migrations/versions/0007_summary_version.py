"""a session summary is stamped with the session's version it was derived from

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-26 14:00:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0007'
down_revision = '0006'
branch_labels = None
depends_on = None


def upgrade():
    # every existing summary is stale (-1 matches no version): each is replayed on its session's next
    # change, when a list first shows it, or by `flask summaries`
    with op.batch_alter_table('session_summary', schema=None) as batch_op:
        batch_op.add_column(sa.Column('session_version', sa.Integer(), nullable=False, server_default='-1'))
        batch_op.drop_column('revision_count')
        batch_op.drop_column('last_revision_id')


def downgrade():
    with op.batch_alter_table('session_summary', schema=None) as batch_op:
        batch_op.add_column(sa.Column('last_revision_id', sa.Integer(), nullable=False, server_default='0'))
        batch_op.add_column(sa.Column('revision_count', sa.Integer(), nullable=False, server_default='-1'))
        batch_op.drop_column('session_version')
