// Can a deployed remote run in the deployed shell? Compares a remote's mf-manifest.json with the
// shell's: every singleton the remote shares must be provided by the shell in a version that satisfies
// the range the remote declares (the shell's copy is the one the remote will get), and the remote must
// still have every expose the shell mounts (the app registry, shared/src/apps.ts).
import { readFile } from 'node:fs/promises';
import semver from 'semver';
import { APPS, REMOTE_NAMES, type RemoteName } from '../../shared/src/apps.ts';

/** The parts of a Module Federation 2 mf-manifest.json the check reads. */
export interface FederationManifest {
  name: string;
  shared?: {
    name: string;
    version?: string;
    singleton?: boolean;
    requiredVersion?: string | false;
  }[];
  exposes?: { name: string }[];
}

export interface CompatProblem {
  /** 'error' fails the check; 'warning' is printed only. */
  level: 'error' | 'warning';
  remote: string;
  message: string;
}

function isRemoteName(name: string): name is RemoteName {
  return (REMOTE_NAMES as readonly string[]).includes(name);
}

/** What is wrong with running `remote` in `shell` (an empty list when it fits). */
export function checkCompat(shell: FederationManifest, remote: FederationManifest): CompatProblem[] {
  const problems: CompatProblem[] = [];
  const report = (level: CompatProblem['level'], message: string) =>
    problems.push({ level, remote: remote.name, message });
  const provided = new Map((shell.shared ?? []).map((entry) => [entry.name, entry]));

  for (const needed of remote.shared ?? []) {
    if (!needed.singleton) continue;
    const shells = provided.get(needed.name);
    if (!shells) {
      report('error', `${needed.name}: the shell does not share it, so the remote would load a second copy`);
      continue;
    }
    const range = needed.requiredVersion;
    if (range === undefined || range === false || range === '*') {
      report('warning', `${needed.name}: the remote accepts any version (no requiredVersion)`);
      continue;
    }
    if (!semver.validRange(range)) {
      report('error', `${needed.name}: the remote's requiredVersion "${range}" is not a semver range`);
      continue;
    }
    const version = shells.version;
    if (!version || !semver.valid(version)) {
      report('error', `${needed.name}: the shell shares it without a valid version ("${version ?? ''}")`);
      continue;
    }
    if (!semver.satisfies(version, range)) {
      report('error', `${needed.name}: the shell provides ${version}, the remote needs ${range}`);
    }
  }

  if (!isRemoteName(remote.name)) {
    report('error', `"${remote.name}" is not a remote of this shop (${REMOTE_NAMES.join(', ')})`);
  } else {
    const exposes = new Set((remote.exposes ?? []).map((entry) => entry.name.replace(/^\.\//, '')));
    for (const name of Object.keys(APPS[remote.name].exposes)) {
      if (!exposes.has(name))
        report('error', `expose ${name}: the shell mounts it, the remote no longer has it`);
    }
  }
  return problems;
}

function parseManifest(text: string, source: string): FederationManifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${source} is not JSON`);
  }
  const manifest = value as Partial<FederationManifest> | null;
  if (
    !manifest ||
    typeof manifest.name !== 'string' ||
    (manifest.shared && !Array.isArray(manifest.shared))
  ) {
    throw new Error(`${source} is not a Module Federation manifest (no name / shared list)`);
  }
  return manifest as FederationManifest;
}

/** Reads a manifest from an http(s) URL or a file path. */
export async function loadManifest(source: string): Promise<FederationManifest> {
  if (/^https?:\/\//.test(source)) {
    const response = await fetch(source, { cache: 'no-store' });
    if (!response.ok) throw new Error(`${source}: HTTP ${response.status}`);
    return parseManifest(await response.text(), source);
  }
  return parseManifest(await readFile(source, 'utf8'), source);
}
