"""the figures of Schieber, Differenzler, Coiffeur, the Skat list and the free score pad

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-26 20:00:00

"""
from alembic import op


# revision identifiers, used by Alembic.
revision = '0011'
down_revision = '0010'
branch_labels = None
depends_on = None

GAMES = ('schieber', 'differenzler', 'coiffeur', 'skat', 'free_pad')


def stale():
    names = ", ".join(f"'{slug}'" for slug in GAMES)
    op.execute("UPDATE session_summary SET session_version = -1 "
               f"WHERE session_id IN (SELECT id FROM game_session WHERE game IN ({names}))")


def upgrade():
    # these engines now count figures (Game.figures) with no change to their version, so their
    # summaries look fresh but have no seat_figure rows: stale (-1 matches no version), computed
    # again by `flask summaries` (scripts/serve runs it) or by the upgrade on start when there are few
    stale()


def downgrade():
    stale()  # computed again by the older engines, which write no figures for these games
