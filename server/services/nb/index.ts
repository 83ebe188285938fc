import type { NbProvider } from './provider';
import { SandboxNbProvider } from './sandbox';

/**
 * NB_PROVIDER names the platform subscriptions go to. Only the sandbox is built: the NB-IoT
 * platform's northbound API (OceanConnect: app login with a client certificate, then
 * /iocm/app/sub/v1.2.0/subscriptions) needs credentials and a certificate this project does not
 * hold, so another name is refused at use (nbProviderUnavailable) rather than faked.
 * docs/factory/commands.md describes the boundary a real provider implements.
 */
export const NB_PROVIDERS = ['sandbox'] as const;

/** One provider per process: the sandbox's subscriptions live in it. */
let sandbox: SandboxNbProvider | null = null;

export function nbProviderNamed(name: string): NbProvider | null {
  if (name !== 'sandbox') return null;
  sandbox ??= new SandboxNbProvider();
  return sandbox;
}

/** The sandbox of this process (tests drive its failures and restarts). */
export const nbSandbox = () => nbProviderNamed('sandbox') as SandboxNbProvider;
