/**
 * What a batch would do, answered by a preview route before the batch runs (issue 32): renewal by
 * card and device transfers show it and ask for confirmation. The server computes it with the
 * code that performs the batch (a dry run), so the preview and the result cannot disagree.
 */

/** One device the batch would change. */
export interface PlanItem {
  terminalID: string;
  /** Plate, else nickname, else IMEI. */
  name: string;
  /** The account owning it now (transfers). */
  owner?: string;
  /** Renewals: the platform expiry now (ISO; null: none yet) and after. */
  expireBefore?: string | null;
  expireAfter?: string;
}

export interface PlanAccount {
  id: number;
  username: string;
  nickname: string;
}

/** Cards a renewal would spend; balances null: unlimited (the administrator issues cards). */
export interface PlanCards {
  cardType: number;
  spent: number;
  balanceBefore: number | null;
  balanceAfter: number | null;
}

export interface BatchPlan {
  total: number;
  /** Devices that would change (`items`). */
  succeeded: number;
  /** Devices that would be refused, with the reason the batch would give. */
  failed: { terminalID: string; key: string; message: string }[];
  items: PlanItem[];
  /** Transfers: who receives the devices. */
  newOwner?: PlanAccount;
  cards?: PlanCards;
}
