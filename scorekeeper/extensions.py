"""The extension objects, created unbound and initialised in create_app."""
from flask_babel import Babel
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf import CSRFProtect
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    pass


db = SQLAlchemy(model_class=Base)
migrate = Migrate(render_as_batch=True)  # batch mode keeps SQLite ALTERs working
csrf = CSRFProtect()
babel = Babel()
