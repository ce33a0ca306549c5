from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, File, Form, HTTPException, Response, UploadFile, status
from sqlalchemy import select

from blobbench.core.auth import RequireRun, SessionDep
from blobbench.models import Sample, Target
from blobbench.samples import service
from blobbench.samples.schemas import SampleRead, TableSampleCreate

router = APIRouter(tags=["samples"])


def valid_sample(sample_id: int, session: SessionDep) -> Sample:
    sample = session.get(Sample, sample_id)
    if sample is None:
        raise HTTPException(status.HTTP_404_NOT_FOUND, detail=f"No sample with id {sample_id}")
    return sample


SampleDep = Annotated[Sample, Depends(valid_sample)]


@router.get("/samples", response_model=list[SampleRead])
def list_samples(session: SessionDep) -> list[SampleRead]:
    return [service.to_read(s) for s in session.scalars(select(Sample).order_by(Sample.id))]


@router.post("/samples", response_model=SampleRead, status_code=status.HTTP_201_CREATED,
             responses={200: {"model": SampleRead, "description": "The same content exists"},
                        413: {"description": "Larger than the sample size limit"}})
def upload_sample(
    session: SessionDep, _: RequireRun, response: Response,
    file: Annotated[UploadFile, File(description="A file of your own data")],
    name: Annotated[str | None, Form(max_length=200)] = None,
) -> SampleRead:
    try:
        sample, created = service.save_upload(session, file.file,
                                              name or file.filename or "upload", file.filename)
    except service.SampleRejected as exc:
        raise HTTPException(exc.status, detail=str(exc)) from exc
    session.commit()
    if not created:
        response.status_code = status.HTTP_200_OK
    return service.to_read(sample)


@router.post("/targets/{target_id}/samples", response_model=SampleRead,
             status_code=status.HTTP_201_CREATED)
def sample_from_table(target_id: int, body: TableSampleCreate, session: SessionDep,
                      _: RequireRun) -> SampleRead:
    target = session.get(Target, target_id)
    if target is None:
        raise HTTPException(status.HTTP_404_NOT_FOUND, detail=f"No target with id {target_id}")
    sample = service.read_from_target(session, target, body)
    session.commit()
    return service.to_read(sample)


@router.get("/samples/{sample_id}", response_model=SampleRead)
def get_sample(sample: SampleDep) -> SampleRead:
    return service.to_read(sample)


@router.delete("/samples/{sample_id}", status_code=status.HTTP_204_NO_CONTENT)
def delete_sample(sample: SampleDep, session: SessionDep, _: RequireRun) -> None:
    try:
        service.delete(session, sample)
    except service.SampleRejected as exc:
        raise HTTPException(exc.status, detail=str(exc)) from exc
    session.commit()
