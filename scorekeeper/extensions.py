"""The extension objects, created unbound and initialised in create_app."""
from flask_babel import Babel
from flask_compress import Compress
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_talisman import Talisman
from flask_wtf import CSRFProtect
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    pass


# A write commits and then renders the board it has just built from the rows it loaded: they stay
# loaded after the commit instead of being read again (the request's session ends with the request).
db = SQLAlchemy(model_class=Base, session_options={"expire_on_commit": False})
migrate = Migrate(render_as_batch=True)  # batch mode keeps SQLite ALTERs working
csrf = CSRFProtect()
babel = Babel()
compress = Compress()
talisman = Talisman()  # security headers: Content-Security-Policy, X-Frame-Options, nosniff, ...
