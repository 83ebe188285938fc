import { describe, expect, it } from 'vitest';
import { barrelExports, rewriteImports } from '../../scripts/vite-direct-imports';
import { entryDecision } from '../../src/shell/entryRoute';

// A barrel laid out as antd's and the icons' are: named re-exports and a star re-export of a folder.
const FILES: Record<string, string> = {
  'es/index.js': `"use client";
export { default as Button } from './button';
export { default as Input } from './input';
export { unstableSetRender } from './config-provider/UnstableContext';
export * from './icons';
export var Local = 1;`,
  'es/icons/index.js': `export { default as UserOutlined } from './UserOutlined';\nexport { default as LockOutlined } from "./LockOutlined";`,
};
const read = (path: string) => {
  for (const file of [`${path}.js`, `${path}/index.js`]) if (FILES[file] !== undefined) return { file, source: FILES[file] };
  return null;
};

describe('direct imports instead of a package index (page weight)', () => {
  const exports = barrelExports(read, 'es/index');

  it('maps each re-exported name to the module that defines it, through export *', () => {
    expect(exports.get('Button')).toEqual({ module: 'es/button', imported: 'default' });
    expect(exports.get('unstableSetRender')).toEqual({ module: 'es/config-provider/UnstableContext', imported: 'unstableSetRender' });
    expect(exports.get('LockOutlined')).toEqual({ module: 'es/icons/LockOutlined', imported: 'default' });
    expect(exports.has('Local')).toBe(false);
  });

  it('rewrites named imports, aliases included, and leaves unknown names with the index', () => {
    const code = `import { Button, Input as In, Local } from 'antd';\nimport x from 'antd/es/x';\nuse(Button, In, Local, x);`;
    expect(rewriteImports(code, 'antd', exports)).toBe(
      [
        `import { default as Button } from 'antd/es/button';`,
        `import { default as In } from 'antd/es/input';`,
        `import { Local } from 'antd';`,
        `import x from 'antd/es/x';`,
        `use(Button, In, Local, x);`,
      ].join('\n'),
    );
  });

  it('handles imports over several lines and leaves other packages alone', () => {
    const code = `import {\n  UserOutlined,\n  LockOutlined,\n} from "@ant-design/icons";\nimport { Button } from 'antd-mobile';`;
    expect(rewriteImports(code, '@ant-design/icons', exports)).toBe(
      `import { default as UserOutlined } from '@ant-design/icons/es/icons/UserOutlined';\n` +
        `import { default as LockOutlined } from '@ant-design/icons/es/icons/LockOutlined';\nimport { Button } from 'antd-mobile';`,
    );
    expect(rewriteImports(`import { Button } from 'antd-mobile';`, 'antd', exports)).toBeNull();
  });
});

describe('what the entry shows before the signed-in app loads', () => {
  const paths = ['/bengps/login', '/login'];
  it('shows the login page at a login path to nobody logged in', () => {
    expect(entryDecision('/login', false, paths)).toEqual({ kind: 'login' });
    expect(entryDecision('/bengps/login/', false, paths)).toEqual({ kind: 'login' });
  });
  it("sends nobody logged in from / and /redirect to the brand's login path", () => {
    expect(entryDecision('/', false, paths)).toEqual({ kind: 'redirect', to: '/bengps/login' });
    expect(entryDecision('/redirect', false, [])).toEqual({ kind: 'redirect', to: '/login' });
  });
  it('leaves every other case to the signed-in app and its route guard', () => {
    expect(entryDecision('/login', true, paths)).toEqual({ kind: 'shell' });
    expect(entryDecision('/index/home', false, paths)).toEqual({ kind: 'shell' });
    expect(entryDecision('/notFound', false, paths)).toEqual({ kind: 'shell' });
  });
});
