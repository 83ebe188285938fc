import { OFFLINE_COMMAND_PROTOCOLS } from './codes';

export const supportsOfflineCommands = (protocol: number) => OFFLINE_COMMAND_PROTOCOLS.includes(protocol);

/** The normal-mode command an online device must not be sent (spec section 4). */
export const NORMAL_MODE_COMMAND = 'SWMODE,0#';
