import { useId, useState, type ChangeEvent, type FormEvent } from "react";

import type { TargetDriver, TargetRead } from "../../api/types";
import { ErrorMessage } from "../../components/error-message";
import { DEFAULT_DRIVER, DRIVERS, driverNote, parseDriver } from "./drivers";
import { flavourName } from "./flavour";
import { useCreateTarget } from "./use-targets";

interface Fields {
  name: string;
  host: string;
  port: string;
  user: string;
  password: string;
  database: string;
  driver: TargetDriver;
}

const INITIAL: Fields = {
  name: "",
  host: "127.0.0.1",
  port: "3306",
  user: "",
  password: "",
  database: "blobbench",
  driver: DEFAULT_DRIVER,
};

/** Registers a target; the API connects and probes it, so errors are the server's own words. */
export function TargetForm({ onRegistered }: { onRegistered?: (target: TargetRead) => void }) {
  const id = useId();
  const [fields, setFields] = useState<Fields>(INITIAL);
  const [registered, setRegistered] = useState<TargetRead | null>(null);
  const create = useCreateTarget();

  const set = (key: keyof Fields) => (e: ChangeEvent<HTMLInputElement>) =>
    setFields((old) => ({ ...old, [key]: e.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setRegistered(null);
    create.mutate(
      {
        name: fields.name.trim(),
        host: fields.host.trim(),
        port: Number(fields.port) || 3306,
        user: fields.user.trim(),
        password: fields.password,
        database: fields.database.trim() || "blobbench",
        driver: fields.driver,
      },
      {
        onSuccess: (target) => {
          setRegistered(target);
          setFields((old) => ({ ...INITIAL, host: old.host, port: old.port, user: old.user, driver: old.driver }));
          onRegistered?.(target);
        },
      },
    );
  };

  return (
    <form className="card form" onSubmit={onSubmit} data-testid="target-form">
      <h2>Register a target</h2>
      <p className="muted">
        BlobBench connects right away to read the server's version and features. It works only
        inside the database named here, and never stores the password in clear.
      </p>
      <div className="form-grid">
        <label className="field">
          <span className="field-label">Name</span>
          <input name="name" required value={fields.name} onChange={set("name")} placeholder="prod-replica" />
        </label>
        <label className="field">
          <span className="field-label">Host</span>
          <input name="host" required value={fields.host} onChange={set("host")} />
        </label>
        <label className="field field-short">
          <span className="field-label">Port</span>
          <input name="port" type="number" min={1} max={65535} required value={fields.port} onChange={set("port")} />
        </label>
        <label className="field">
          <span className="field-label">User</span>
          <input name="user" required autoComplete="off" value={fields.user} onChange={set("user")} />
        </label>
        <label className="field">
          <span className="field-label">Password</span>
          <input
            name="password"
            type="password"
            autoComplete="new-password"
            value={fields.password}
            onChange={set("password")}
          />
        </label>
        <label className="field">
          <span className="field-label">Database</span>
          <input name="database" required value={fields.database} onChange={set("database")} />
        </label>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-driver`}>
            Driver
          </label>
          <select
            id={`${id}-driver`}
            name="driver"
            value={fields.driver}
            onChange={(e) => setFields((old) => ({ ...old, driver: parseDriver(e.target.value) }))}
            aria-describedby={`${id}-driver-note`}
            data-testid="target-driver-select"
          >
            {DRIVERS.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
          <span className="field-hint" id={`${id}-driver-note`}>
            {driverNote(fields.driver)}
          </span>
        </div>
      </div>
      <ErrorMessage error={create.error} testId="target-form-error" />
      {registered ? (
        <p className="success-message" role="status" data-testid="target-form-success">
          Registered <strong>{registered.name}</strong>: {flavourName(registered.flavour)}{" "}
          {registered.version ?? "(version unknown)"}, measured through {registered.driver}.
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={create.isPending}>
          {create.isPending ? "Connecting…" : "Register target"}
        </button>
      </div>
    </form>
  );
}
