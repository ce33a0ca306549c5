// The Python drivers a worker can measure a target with (TargetCreate.driver). They model
// different application stacks, so the same server reads at different speeds through each.

import type { TargetDriver } from "../../api/types";

/** Keyed by the API's enum, so a driver added there fails to compile until it is described here. */
const DRIVER_NOTES: Record<TargetDriver, string> = {
  mysqlclient: "C extension over libmariadb/libmysqlclient; the fastest, and the default",
  pymysql: "pure Python, as used by many SQLAlchemy and Django stacks",
  "mysql-connector": "Oracle's MySQL Connector/Python",
};

export const DEFAULT_DRIVER: TargetDriver = "mysqlclient";

export const DRIVERS = Object.keys(DRIVER_NOTES) as TargetDriver[];

export function driverNote(driver: TargetDriver): string {
  return DRIVER_NOTES[driver];
}

/** A driver name from a form value; the default for anything the API does not know. */
export function parseDriver(value: string): TargetDriver {
  return (DRIVERS as string[]).includes(value) ? (value as TargetDriver) : DEFAULT_DRIVER;
}
