"""ASGI entry point for servers: ``service.asgi:app`` (settings from the environment)."""

from service.api.middleware.lifecycle import capture_worker_signal, supervised
from service.app import create_app

if supervised():  # a worker of ``plateau serve``: before granian makes its signal handlers
    capture_worker_signal()

app = create_app()
