"""a seat's place in a finished session, and the session's date beside its seat rows (period filters)

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-27 10:00:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0012'
down_revision = '0011'
branch_labels = None
depends_on = None

RECORD = ['player_id', 'game', 'engine_version', 'over', 'won', 'lost', 'total']
FIGURE = ['player_id', 'game', 'engine_version', 'name', 'value']


def upgrade():
    for table in ('seat_summary', 'seat_figure'):
        # rows of a session no longer stored count for nobody (SQLite enforces no ON DELETE CASCADE)
        op.execute(f"DELETE FROM {table} WHERE session_id NOT IN (SELECT id FROM game_session)")
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(sa.Column('started_at', sa.DateTime(), nullable=True))
            if table == 'seat_summary':
                batch_op.add_column(sa.Column('place', sa.Integer(), nullable=True))
                batch_op.add_column(sa.Column('sides', sa.Integer(), nullable=True))
        op.execute(f"UPDATE {table} SET started_at ="
                   f" (SELECT created_at FROM game_session WHERE game_session.id = {table}.session_id)")
    with op.batch_alter_table('seat_summary', schema=None) as batch_op:
        batch_op.alter_column('started_at', existing_type=sa.DateTime(), nullable=False)
        batch_op.drop_index('ix_seat_summary_record')
        batch_op.create_index('ix_seat_summary_record', ['player_id', 'started_at', 'game', 'engine_version', 'over',
                                                         'won', 'lost', 'total', 'place', 'sides', 'session_id'],
                                 unique=False)
    with op.batch_alter_table('seat_figure', schema=None) as batch_op:
        batch_op.alter_column('started_at', existing_type=sa.DateTime(), nullable=False)
        batch_op.drop_index('ix_seat_figure_record')
        batch_op.create_index('ix_seat_figure_record', ['player_id', 'started_at', 'game', 'engine_version', 'name',
                                                        'value', 'session_id'], unique=False)
    # a finished session's seats lack their place: its summary is stale (-1 matches no version) and is
    # computed again by `flask summaries` (scripts/serve runs it) or by the upgrade on start when few
    summary = sa.table('session_summary', sa.column('session_version', sa.Integer()), sa.column('over', sa.Boolean()))
    op.execute(summary.update().where(summary.c.over == sa.true()).values(session_version=-1))


def downgrade():
    with op.batch_alter_table('seat_figure', schema=None) as batch_op:
        batch_op.drop_index('ix_seat_figure_record')
        batch_op.create_index('ix_seat_figure_record', FIGURE, unique=False)
        batch_op.drop_column('started_at')
    with op.batch_alter_table('seat_summary', schema=None) as batch_op:
        batch_op.drop_index('ix_seat_summary_record')
        batch_op.create_index('ix_seat_summary_record', RECORD, unique=False)
        batch_op.drop_column('sides')
        batch_op.drop_column('place')
        batch_op.drop_column('started_at')
