from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Depends, HTTPException, Query, Response, status
from sqlalchemy import select

from blobbench.core.auth import RequireRun, SessionDep
from blobbench.models import Cell, Dictionary, Result, Run
from blobbench.runs import service
from blobbench.runs.dispatch import BrokerUnavailable, dispatch
from blobbench.runs.schemas import (
    CellRead,
    DictionaryRead,
    ResultDetail,
    ResultRead,
    RunCreate,
    RunRead,
)

router = APIRouter(prefix="/runs", tags=["runs"])


def valid_run(run_id: int, session: SessionDep) -> Run:
    run = session.get(Run, run_id)
    if run is None:
        raise HTTPException(status.HTTP_404_NOT_FOUND, detail=f"No run with id {run_id}")
    return run


RunDep = Annotated[Run, Depends(valid_run)]


@router.post("", response_model=RunRead, status_code=status.HTTP_202_ACCEPTED)
def create_run(body: RunCreate, session: SessionDep, _: RequireRun) -> RunRead:
    try:
        run, created = service.create_run(session, body)
    except service.RunRejected as exc:
        raise HTTPException(status.HTTP_422_UNPROCESSABLE_CONTENT, detail=str(exc)) from exc
    session.commit()
    if created:
        try:
            dispatch(session, run)
        except BrokerUnavailable as exc:
            raise HTTPException(status.HTTP_503_SERVICE_UNAVAILABLE, detail=str(exc)) from exc
    return service.to_read(session, run)


@router.get("", response_model=list[RunRead])
def list_runs(session: SessionDep, limit: Annotated[int, Query(ge=1, le=1000)] = 200,
              schedule_id: Annotated[int | None, Query(
                  description="Only the runs this schedule started")] = None) -> list[RunRead]:
    return [service.to_read(session, r) for r in service.list_runs(session, limit, schedule_id)]


@router.get("/{run_id}", response_model=RunRead)
def get_run(run: RunDep, session: SessionDep) -> RunRead:
    return service.to_read(session, run)


@router.post("/{run_id}/cancel", response_model=RunRead)
def cancel_run(run: RunDep, session: SessionDep, _: RequireRun) -> RunRead:
    service.cancel(session, run)
    session.commit()
    return service.to_read(session, run)


@router.get("/{run_id}/cells", response_model=list[CellRead])
def list_cells(run: RunDep, session: SessionDep) -> list[Cell]:
    return list(session.scalars(select(Cell).where(Cell.run_id == run.id).order_by(Cell.index)))


@router.get(
    "/{run_id}/results",
    response_model=list[ResultRead],
    responses={200: {"content": {"text/csv": {}}, "description": "JSON rows, or CSV with ?format=csv"}},
)
def list_results(
    run: RunDep, session: SessionDep, format: Literal["json", "csv"] = "json"
) -> list[ResultRead] | Response:
    rows = service.results(session, run)
    if format == "csv":
        return Response(
            service.results_csv(rows), media_type="text/csv",
            headers={"Content-Disposition": f'attachment; filename="run-{run.id}-results.csv"'},
        )
    return rows


@router.get("/{run_id}/results/{cell_id}", response_model=ResultDetail)
def get_result(run: RunDep, cell_id: int, session: SessionDep) -> ResultDetail:
    row = session.execute(
        select(Cell, Result).join(Result, Result.cell_id == Cell.id)
        .where(Cell.run_id == run.id, Cell.id == cell_id)
    ).first()
    if row is None:
        raise HTTPException(status.HTTP_404_NOT_FOUND,
                            detail=f"Cell {cell_id} of run {run.id} has no result yet")
    cell, result = row
    base = service.result_read(cell, result)
    return ResultDetail(**base.model_dump(), raw_samples_us=result.raw_samples_us,
                        context=result.context)


@router.get("/{run_id}/dictionaries", response_model=list[DictionaryRead])
def list_dictionaries(run: RunDep, session: SessionDep) -> list[Dictionary]:
    """The compression dictionaries this run's dictionary methods were measured with."""
    shas = {
        (r.context or {}).get("dictionary", {}).get("sha256")
        for r in session.scalars(select(Result).where(Result.run_id == run.id))
    } - {None}
    if not shas:
        return []
    return list(session.scalars(select(Dictionary).where(Dictionary.sha256.in_(shas))
                                .order_by(Dictionary.created_at)))


@router.get("/{run_id}/dictionaries/{sha256}", response_class=Response,
            responses={200: {"content": {"application/octet-stream": {}}}})
def download_dictionary(run: RunDep, sha256: str, session: SessionDep) -> Response:
    dictionary = session.get(Dictionary, sha256)
    if dictionary is None or sha256 not in {d.sha256 for d in list_dictionaries(run, session)}:
        raise HTTPException(status.HTTP_404_NOT_FOUND,
                            detail=f"Run {run.id} has no dictionary {sha256}")
    return Response(dictionary.data, media_type="application/octet-stream", headers={
        "Content-Disposition": f'attachment; filename="{dictionary.kind}-{sha256[:12]}.dict"'})
