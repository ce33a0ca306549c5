import type { Tone } from "../../components/badge";

const NAMES: Record<string, string> = { mariadb: "MariaDB", mysql: "MySQL", percona: "Percona" };
const TONES: Record<string, Tone> = { mariadb: "info", mysql: "accent", percona: "warning" };

export function flavourName(flavour: string | null | undefined): string {
  if (!flavour) return "unknown";
  return NAMES[flavour.toLowerCase()] ?? flavour;
}

export function flavourTone(flavour: string | null | undefined): Tone {
  return (flavour && TONES[flavour.toLowerCase()]) || "neutral";
}
