"""scorekeeper.Templates: a template without globals of its own reads the environment's globals dict
itself (Jinja copies a template's globals into every render's context: a dict copies at a hundredth of
a ChainMap's cost). Still as Jinja behaves: globals added later are seen, a template's own globals
overlay the environment's and stay its own."""
from scorekeeper import create_app


def test_templates_read_the_environments_globals_and_their_own_stay_their_own():
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "x"})
    env = app.jinja_env
    plain = env.from_string("{{ late }}-{{ mine|default('none') }}")
    assert plain.globals is env.globals
    env.globals["late"] = "seen"  # added after the template was made
    assert plain.render() == "seen-none"
    own = env.from_string("{{ late }}-{{ mine }}", globals={"mine": "own"})
    assert own.render() == "seen-own"
    assert "mine" not in env.globals and plain.render() == "seen-none"
