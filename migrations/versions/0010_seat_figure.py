"""what each game's engine counts for a player in a session (seat_figure), for the statistics

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-26 18:00:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0010'
down_revision = '0009'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'seat_figure',
        sa.Column('session_id', sa.Integer(), nullable=False),
        sa.Column('position', sa.Integer(), nullable=False),
        sa.Column('name', sa.String(length=40), nullable=False),
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('game', sa.String(length=40), nullable=False),
        sa.Column('engine_version', sa.Integer(), nullable=False),
        sa.Column('value', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['player_id'], ['player.id'], ),
        sa.ForeignKeyConstraint(['session_id'], ['session_summary.session_id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('session_id', 'position', 'name'),
    )
    with op.batch_alter_table('seat_figure', schema=None) as batch_op:
        batch_op.create_index('ix_seat_figure_record', ['player_id', 'game', 'engine_version', 'name', 'value'],
                              unique=False)
    # every summary so far lacks its figures: stale (-1 matches no version), computed again by
    # `flask summaries` (scripts/serve runs it) or by the upgrade on start when there are few
    op.execute("UPDATE session_summary SET session_version = -1")


def downgrade():
    with op.batch_alter_table('seat_figure', schema=None) as batch_op:
        batch_op.drop_index('ix_seat_figure_record')
    op.drop_table('seat_figure')
