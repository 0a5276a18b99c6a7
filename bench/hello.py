"""The yardstick: a bare Flask "hello", served by the same gunicorn as Scorekeeper in bench/run.py."""
from flask import Flask

app = Flask(__name__)


@app.get("/")
def hello() -> str:
    return "Hello, World!"
