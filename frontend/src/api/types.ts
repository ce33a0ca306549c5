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
