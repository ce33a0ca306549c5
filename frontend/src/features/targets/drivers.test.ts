import { describe, expect, it } from "vitest";

import { DEFAULT_DRIVER, DRIVERS, driverNote, parseDriver } from "./drivers";

describe("drivers", () => {
  it("offers the API's three drivers, mysqlclient first and by default", () => {
    expect(DRIVERS).toEqual(["mysqlclient", "pymysql", "mysql-connector"]);
    expect(DEFAULT_DRIVER).toBe("mysqlclient");
    for (const d of DRIVERS) expect(driverNote(d)).toBeTruthy();
  });

  it("reads a form value back", () => {
    expect(parseDriver("pymysql")).toBe("pymysql");
    expect(parseDriver("mysql-connector")).toBe("mysql-connector");
    expect(parseDriver("odbc")).toBe("mysqlclient");
  });
});
