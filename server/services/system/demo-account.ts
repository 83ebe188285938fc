import { eq } from 'drizzle-orm';
import type { DemoArea } from '../../../config/demo-areas';
import { isAdmin } from '../../../config/roles';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { badRequest } from '../../lib/errors';
import { findUser } from '../scope';
import { DEMO_SETTING_KEY, forgetDemoSetting, loadDemoSetting } from './demo-setting';
import { saveSetting } from './map-setting';

/** The demoAccountSet screen's form: the demo account, by id and name, and what it may see. */
export interface DemoForm {
  userId: number;
  username: string | null;
  areas: DemoArea[];
}

export async function readDemoForm(db: Db): Promise<DemoForm> {
  const s = await loadDemoSetting(db);
  const [row] = await db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, s.userId))
    .limit(1);
  return { userId: s.userId, username: row?.username ?? null, areas: s.areas };
}

/** Any existing account but an administrator (the demo is refused every write). */
export async function saveDemoForm(db: Db, form: { userId: number; areas: DemoArea[] }, by: number) {
  const target = await findUser(db, form.userId);
  if (!target || isAdmin(target)) throw badRequest('demoAccountInvalid');
  await saveSetting(db, DEMO_SETTING_KEY, { userId: form.userId, areas: form.areas }, by);
  forgetDemoSetting();
}
