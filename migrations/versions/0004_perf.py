"""session and seat summaries; indexes for history and player pages

Revision ID: 0004
Revises: 0002
Create Date: 2026-11-22 07:00:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0004'
down_revision = '0003'
branch_labels = None
depends_on = None


def upgrade():
    # Summaries start empty: each session's is computed on its next change or when a list first needs it.
    op.create_table(
        'session_summary',
        sa.Column('session_id', sa.Integer(), nullable=False),
        sa.Column('revision_count', sa.Integer(), nullable=False),
        sa.Column('last_revision_id', sa.Integer(), nullable=False),
        sa.Column('engine_version', sa.Integer(), nullable=False),
        sa.Column('deals', sa.Integer(), nullable=False),
        sa.Column('totals', sa.JSON(), nullable=True),
        sa.Column('winners', sa.JSON(), nullable=False),
        sa.Column('losers', sa.JSON(), nullable=False),
        sa.Column('over', sa.Boolean(), nullable=False),
        sa.Column('updated_at', sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(['session_id'], ['game_session.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('session_id'),
    )
    op.create_table(
        'seat_summary',
        sa.Column('session_id', sa.Integer(), nullable=False),
        sa.Column('position', sa.Integer(), nullable=False),
        sa.Column('player_id', sa.Integer(), nullable=False),
        sa.Column('game', sa.String(length=40), nullable=False),
        sa.Column('engine_version', sa.Integer(), nullable=False),
        sa.Column('over', sa.Boolean(), nullable=False),
        sa.Column('won', sa.Boolean(), nullable=False),
        sa.Column('lost', sa.Boolean(), nullable=False),
        sa.Column('total', sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(['player_id'], ['player.id']),
        sa.ForeignKeyConstraint(['session_id'], ['session_summary.session_id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('session_id', 'position'),
    )
    with op.batch_alter_table('seat_summary', schema=None) as batch_op:
        batch_op.create_index('ix_seat_summary_record',
                              ['player_id', 'game', 'engine_version', 'over', 'won', 'lost', 'total'], unique=False)
    with op.batch_alter_table('game_session', schema=None) as batch_op:
        batch_op.drop_index('ix_game_session_game')
        batch_op.create_index('ix_game_session_game_created_at', ['game', 'created_at'], unique=False)
        batch_op.create_index('ix_game_session_updated_at', ['updated_at'], unique=False)
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.drop_index('ix_seat_player_id')
        batch_op.create_index('ix_seat_player_id_session_id', ['player_id', 'session_id'], unique=False)


def downgrade():
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.drop_index('ix_seat_player_id_session_id')
        batch_op.create_index('ix_seat_player_id', ['player_id'], unique=False)
    with op.batch_alter_table('game_session', schema=None) as batch_op:
        batch_op.drop_index('ix_game_session_updated_at')
        batch_op.drop_index('ix_game_session_game_created_at')
        batch_op.create_index('ix_game_session_game', ['game'], unique=False)
    op.drop_table('seat_summary')
    op.drop_table('session_summary')
