"""The FastAPI application: versioned API under /api/v1 and the built UI at /."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Depends, FastAPI, Request, status
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, RedirectResponse
from fastapi.routing import APIRoute
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel
from sqlalchemy.exc import DataError

from blobbench import __version__
from blobbench.catalog.router import router as catalog_router
from blobbench.core.auth import SessionDep, require_read
from blobbench.core.config import get_settings
from blobbench.core.crypto import SecretKeyMissing
from blobbench.engine.errors import EngineError
from blobbench.hosts.router import router as hosts_router
from blobbench.regressions.router import router as regressions_router
from blobbench.runs.router import router as runs_router
from blobbench.samples.router import router as samples_router
from blobbench.schedules.router import router as schedules_router
from blobbench.sharing import service as sharing
from blobbench.sharing.router import router as sharing_router
from blobbench.targets.router import router as targets_router
from blobbench.tokens.router import router as tokens_router
from blobbench.workers.router import router as workers_router

API_PREFIX = "/api/v1"


class Health(BaseModel):
    status: str
    version: str


def _documented_errors(app: FastAPI) -> None:
    """Our 422s carry either FastAPI's list of field errors or one sentence (a domain rule, e.g.
    "Unknown method 'lz5'…", with an optional ``code``): say so in the OpenAPI document, so
    clients and schema checks expect both."""
    build = app.openapi

    def openapi() -> dict:
        if app.openapi_schema is None:
            schema = build()
            error = schema.get("components", {}).get("schemas", {}).get("HTTPValidationError")
            if error is not None:
                error["properties"]["detail"] = {
                    "title": "Detail",
                    "anyOf": [{"type": "string"},
                              {"type": "array", "items": {"$ref": "#/components/schemas/ValidationError"}}],
                }
                error["properties"]["code"] = {"type": "string", "title": "Code"}
            app.openapi_schema = schema
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


def _operation_id(route: APIRoute) -> str:
    return f"{route.tags[0]}-{route.name}" if route.tags else route.name


def _api_router() -> APIRouter:
    api = APIRouter(prefix=API_PREFIX)

    @api.get("/health", response_model=Health, tags=["meta"])
    def health() -> Health:
        return Health(status="ok", version=__version__)

    # Tokens and worker routes check their own tokens; every other route is read by people and
    # goes through require_read (sign-in beyond localhost, share keys confined to their run).
    api.include_router(tokens_router)
    api.include_router(workers_router)
    for router in (targets_router, hosts_router, runs_router, regressions_router,
                   schedules_router, samples_router, catalog_router, sharing_router):
        api.include_router(router, dependencies=[Depends(require_read)])
    return api


class InsecureBind(RuntimeError):
    """Listening beyond localhost with authentication off."""


def _check_bind() -> None:
    settings = get_settings()
    if settings.auth == "off" and settings.listens_beyond_localhost:
        raise InsecureBind(
            f"Refusing to start: HOST={settings.bind_host} is reachable from other machines and "
            "BLOBBENCH_AUTH=off would let anyone read every result. Bind to 127.0.0.1 or set "
            "BLOBBENCH_AUTH=auto."
        )


def _mount_ui(app: FastAPI, dist: Path) -> None:
    """Serve the built single-page app; unknown non-API paths get index.html."""
    index = dist / "index.html"
    if (dist / "assets").is_dir():
        app.mount("/assets", StaticFiles(directory=dist / "assets"), name="assets")

    @app.get("/l/{code}", include_in_schema=False)
    def short_link(code: str, session: SessionDep):
        link = sharing.resolve(session, code)
        if link is None:
            return PlainTextResponse(f"No short link '{code[:32]}'.", status.HTTP_404_NOT_FOUND)
        sharing.count_visit(session, link)
        session.commit()
        return RedirectResponse(link.path, status.HTTP_302_FOUND)

    @app.get("/{path:path}", include_in_schema=False)
    def spa(path: str):
        if path.startswith("api/"):
            return JSONResponse({"detail": f"No API route /{path}"}, status.HTTP_404_NOT_FOUND)
        candidate = (dist / path).resolve()
        if path and candidate.is_file() and candidate.is_relative_to(dist.resolve()):
            return FileResponse(candidate)
        if index.is_file():
            return FileResponse(index)
        return PlainTextResponse(
            "The UI is not built yet: run `make up` (or `npm --prefix frontend run build`).",
            status.HTTP_503_SERVICE_UNAVAILABLE,
        )


def create_app() -> FastAPI:
    _check_bind()
    app = FastAPI(
        title="BlobBench",
        version=__version__,
        description="Benchmark how to store binary data in MySQL. Writes need "
        "`Authorization: Bearer <token>` (`blobbench token create`).",
        generate_unique_id_function=_operation_id,
        openapi_url=f"{API_PREFIX}/openapi.json",
        docs_url=f"{API_PREFIX}/docs",
        redoc_url=None,
    )

    @app.exception_handler(EngineError)
    async def engine_error(_: Request, exc: EngineError) -> JSONResponse:
        return JSONResponse({"detail": exc.message, "code": exc.code},
                            status.HTTP_422_UNPROCESSABLE_CONTENT)

    @app.exception_handler(OverflowError)
    @app.exception_handler(DataError)
    async def out_of_range(_: Request, exc: Exception) -> JSONResponse:
        # An id or number larger than the database stores (e.g. /runs/99999999999): nothing
        # with it can exist. The database's message is not passed on (it quotes SQL).
        return JSONResponse({"detail": "A number in the request is out of range: ids and counts "
                             "are at most 2147483647", "code": "out_of_range"},
                            status.HTTP_422_UNPROCESSABLE_CONTENT)

    @app.exception_handler(SecretKeyMissing)
    async def secret_missing(_: Request, exc: SecretKeyMissing) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status.HTTP_503_SERVICE_UNAVAILABLE)

    app.include_router(_api_router())
    _documented_errors(app)
    _mount_ui(app, get_settings().frontend_dist)
    return app
