/** Public routes (spec section 2). Every other page needs a login. */
export const PUBLIC_ROUTES = {
  root: '/',
  redirect: '/redirect',
  login: '/login',
  payResult: '/payResult',
  /** The local sandbox provider's checkout (its approve link); the page asks for the login itself. */
  sandboxPay: '/sandbox-pay',
  loginByCert: '/loginByCert',
  test: '/_test',
  notFound: '/notFound',
} as const;

export function normalizePath(path: string): string {
  const clean = path.split(/[?#]/)[0] || '/';
  return clean.length > 1 ? clean.replace(/\/+$/, '') || '/' : clean;
}
