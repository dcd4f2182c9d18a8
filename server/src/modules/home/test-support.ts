/** Helpers for the home tests: signed-in members of either company and calls made as them. */
import { and, eq } from 'drizzle-orm';
import { Code } from '@/api/codes';
import type { EndpointName } from '@/api/endpoints';
import type { Locale } from '@/i18n/routes';
import { enterpriseDomains, enterpriseUsers } from '../../db/schema';
import { HOST_ONE, HOST_TWO, loginPastInitialPassword, type TestGateway } from '../../testing';

/** The companies' initial passwords, which the demo learners E1008 on and B2002 to B2006 still have. */
export const INITIAL_PASSWORD: Record<string, string> = { [HOST_ONE]: 'Init@2026', [HOST_TWO]: 'Qinghe@2026' };

/** A signed-in member. */
export interface Who {
  token: string;
  host: string;
  memberId: string;
  enterpriseId: string;
}

/** A member of the company at `host` by employee number. */
export async function memberOf(gw: TestGateway, empNo: string, host = HOST_ONE): Promise<{ id: string; enterpriseId: string }> {
  const [row] = await gw.database.db
    .select({ id: enterpriseUsers.id, enterpriseId: enterpriseUsers.enterpriseId })
    .from(enterpriseUsers)
    .innerJoin(enterpriseDomains, eq(enterpriseDomains.enterpriseId, enterpriseUsers.enterpriseId))
    .where(and(eq(enterpriseDomains.domain, host), eq(enterpriseUsers.empNo, empNo)));
  if (!row) throw new Error(`no member ${empNo} at ${host}`);
  return row;
}

/**
 * Signs a member in; with the company's initial password ({@link INITIAL_PASSWORD}) the member
 * first changes it, as the site's forced dialog makes them.
 */
export async function signIn(gw: TestGateway, empNo: string, host = HOST_ONE, password?: string): Promise<Who> {
  const token =
    password !== undefined && password === INITIAL_PASSWORD[host]
      ? await loginPastInitialPassword(gw, empNo, password, { host })
      : await gw.login(empNo, password, { host });
  const { id, enterpriseId } = await memberOf(gw, empNo, host);
  return { token, host, memberId: id, enterpriseId };
}

/** Calls a row as `who` and returns its data; fails the test on any code but 200. */
export async function dataOf<T>(
  gw: TestGateway,
  who: Who,
  name: EndpointName,
  options: { body?: unknown; query?: Record<string, string>; lang?: Locale } = {},
): Promise<T> {
  const { body } = await gw.call<T>(name, { token: who.token, host: who.host, lang: 'zh', ...options });
  if (body.code !== Code.OK) throw new Error(`${name}: ${body.code} ${body.msg}`);
  return body.data;
}
