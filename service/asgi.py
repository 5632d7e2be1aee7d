"""ASGI entry point for servers: ``service.asgi:app`` (settings from the environment)."""

from service.app import create_app

app = create_app()
