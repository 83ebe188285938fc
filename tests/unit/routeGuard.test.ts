import { describe, expect, it } from 'vitest';
import { ROLE, WILDCARD_PERMISSION } from '../../config/roles';
import { guardRoute, normalizePath, type GuardInput } from '../../src/domain/routeGuard';

const routes: Record<string, { permissions?: string[] }> = {
  '/index/home': { permissions: ['main:monitor'] },
  '/index/agent/agentList': { permissions: ['agent:list'] },
  '/index/help/app': {},
  '/index/count/countTrackInfo': { permissions: ['count:track', 'agent:list'] },
  '/index/system/mapKey': { permissions: [WILDCARD_PERMISSION] },
  '/test/qc/search': { permissions: ['test:qc'] },
};
const agent = { id: 2, role: ROLE.agent };
const user = { id: 4, role: ROLE.user };
const admin = { id: 1, role: ROLE.admin };
const test = { id: 20, role: ROLE.test };
const superAgent = { id: 9, role: ROLE.superAgent };

const guard = (path: string, who: GuardInput['user'], loginPaths = ['/login']) =>
  guardRoute({ path, user: who, loginPaths, findRoute: (p) => routes[p] });

describe('route guard', () => {
  it('always lets loginByCert and notFound through', () => {
    for (const who of [null, agent, superAgent]) {
      expect(guard('/loginByCert', who)).toEqual({ kind: 'allow' });
      expect(guard('/notFound', who)).toEqual({ kind: 'allow' });
    }
  });

  it('sends / to /redirect, and /redirect to the home page or the login', () => {
    expect(guard('/', null)).toEqual({ kind: 'redirect', to: '/redirect' });
    expect(guard('/redirect', null)).toEqual({ kind: 'redirect', to: '/login' });
    expect(guard('/redirect', agent)).toEqual({ kind: 'redirect', to: '/index/home' });
    expect(guard('/redirect', test)).toEqual({ kind: 'redirect', to: '/test/qc/search' });
    expect(guard('/redirect', null, ['/bengps/login', '/login'])).toEqual({
      kind: 'redirect',
      to: '/bengps/login',
    });
  });

  it('sends visitors without login info to the login page', () => {
    expect(guard('/index/home', null)).toEqual({ kind: 'redirect', to: '/login' });
    expect(guard('/index/help/app', null)).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('shows the login page to visitors, on /login and on the brand path', () => {
    expect(guard('/login', null)).toEqual({ kind: 'allow' });
    expect(guard('/bengps/login', null, ['/bengps/login', '/login'])).toEqual({ kind: 'allow' });
  });

  it('blocks the login page for a logged-in user: home page, or no permission without one', () => {
    expect(guard('/login', agent)).toEqual({ kind: 'redirect', to: '/index/home' });
    expect(guard('/login', test)).toEqual({ kind: 'redirect', to: '/test/qc/search' });
    expect(guard('/login', superAgent)).toEqual({ kind: 'noPermission' });
    expect(guard('/redirect', superAgent)).toEqual({ kind: 'noPermission' });
  });

  it('needs any one of the listed permissions, else notFound', () => {
    expect(guard('/index/agent/agentList', agent)).toEqual({ kind: 'allow' });
    expect(guard('/index/agent/agentList', user)).toEqual({ kind: 'redirect', to: '/notFound' });
    expect(guard('/index/count/countTrackInfo', agent)).toEqual({ kind: 'allow' });
    expect(guard('/test/qc/search', agent)).toEqual({ kind: 'redirect', to: '/notFound' });
    expect(guard('/index/home', test)).toEqual({ kind: 'redirect', to: '/notFound' });
    expect(guard('/index/home', superAgent)).toEqual({ kind: 'redirect', to: '/notFound' });
  });

  it('lets admin through everything, and only admin through wildcard routes', () => {
    for (const path of Object.keys(routes)) expect(guard(path, admin)).toEqual({ kind: 'allow' });
    expect(guard('/index/system/mapKey', agent)).toEqual({ kind: 'redirect', to: '/notFound' });
  });

  it('lets every logged-in user open a route without permissions', () => {
    expect(guard('/index/help/app', test)).toEqual({ kind: 'allow' });
  });

  it('sends unknown paths to notFound, logged in or not', () => {
    expect(guard('/nothing/here', null)).toEqual({ kind: 'redirect', to: '/notFound' });
    expect(guard('/index/nothing', agent)).toEqual({ kind: 'redirect', to: '/notFound' });
  });

  it('lets the public payment result and probe pages through', () => {
    expect(guard('/payResult', null)).toEqual({ kind: 'allow' });
    expect(guard('/_test', null)).toEqual({ kind: 'allow' });
  });

  it('ignores a trailing slash, query and hash', () => {
    expect(normalizePath('/index/home/')).toBe('/index/home');
    expect(normalizePath('/index/home?x=1#y')).toBe('/index/home');
    expect(normalizePath('/')).toBe('/');
    expect(guard('/index/home/', agent)).toEqual({ kind: 'allow' });
  });
});
