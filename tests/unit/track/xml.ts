import { SaxesParser } from 'saxes';

/** A parsed XML element: enough to check GPX and KML files (saxes throws on malformed XML). */
export interface XmlNode {
  name: string;
  uri: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
}

export function parseXml(text: string): XmlNode {
  const parser = new SaxesParser({ xmlns: true });
  const stack: XmlNode[] = [];
  let root: XmlNode | null = null;
  parser.on('error', (e) => {
    throw e;
  });
  parser.on('opentag', (tag) => {
    const attrs: Record<string, string> = {};
    for (const [k, a] of Object.entries(tag.attributes)) attrs[k] = typeof a === 'string' ? a : a.value;
    const node: XmlNode = { name: tag.local, uri: tag.uri, attrs, children: [], text: '' };
    if (stack.length) stack[stack.length - 1].children.push(node);
    else root = node;
    stack.push(node);
  });
  parser.on('text', (t) => {
    if (stack.length) stack[stack.length - 1].text += t;
  });
  parser.on('closetag', () => void stack.pop());
  parser.write(text).close();
  if (!root) throw new Error('no root element');
  return root;
}

/** Every descendant element named `name`. */
export function findAll(node: XmlNode, name: string): XmlNode[] {
  const out: XmlNode[] = [];
  const walk = (n: XmlNode) => {
    for (const c of n.children) {
      if (c.name === name) out.push(c);
      walk(c);
    }
  };
  walk(node);
  return out;
}
