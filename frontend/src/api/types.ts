// Names for the generated schema's types, so features can say `RunRead` instead of the long form.

import type { components } from "./schema";

type Schemas = components["schemas"];

export type Health = Schemas["Health"];
export type Me = Schemas["Me"];
export type Catalog = Schemas["Catalog"];
export type TargetCreate = Schemas["TargetCreate"];
export type TargetRead = Schemas["TargetRead"];
export type TargetDriver = TargetRead["driver"];
export type Capabilities = Schemas["Capabilities"];
export type Capability = Schemas["Capability"];
export type SampleRead = Schemas["SampleRead"];
export type TableSampleCreate = Schemas["TableSampleCreate"];
export type HostRead = Schemas["HostRead"];
export type RunCreate = Schemas["RunCreate"];
export type RunRead = Schemas["RunRead"];
export type RunStatus = RunRead["status"];
export type CellRead = Schemas["CellRead"];
export type CellStatus = CellRead["status"];
export type ResultRead = Schemas["ResultRead"];
export type ResultDetail = Schemas["ResultDetail"];
export type RunSettings = Schemas["RunSettings"];
export type MatrixIn = Schemas["MatrixIn"];
export type MatrixRead = Schemas["MatrixRead"];
export type ScheduleCreate = Schemas["ScheduleCreate"];
export type ScheduleUpdate = Schemas["ScheduleUpdate"];
export type ScheduleRead = Schemas["ScheduleRead"];
export type FiringRead = Schemas["FiringRead"];
export type CronPreview = Schemas["CronPreview"];
export type CellKey = Schemas["CellKey"];
export type HistoryPoint = Schemas["HistoryPoint"];
export type ScheduleHistory = Schemas["ScheduleHistory"];
export type AlertRead = Schemas["AlertRead"];
export type AlertCell = Schemas["AlertCell"];
export type TokenRead = Schemas["TokenRead"];
export type TokenCreate = Schemas["TokenCreate"];
export type TokenCreated = Schemas["TokenCreated"];
export type TokenScope = TokenRead["scope"];
export type LinkRead = Schemas["LinkRead"];
export type ShareRead = Schemas["ShareRead"];
export type ShareCreated = Schemas["ShareCreated"];
