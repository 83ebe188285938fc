import { theme } from 'antd';
import type { AnchorHTMLAttributes, CSSProperties, HTMLAttributes, ReactNode } from 'react';

/**
 * The few text styles of the login page, in antd's typography tokens. antd's Typography also
 * brings its copy, edit and ellipsis machinery (a text area, tooltips, clipboard), about 8 KB
 * gzip of the login page's budget (issue 18) for text that only needs a colour and a size.
 */
export function Title({
  level,
  style,
  children,
}: {
  level: 2 | 3;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  const Tag = level === 2 ? 'h2' : 'h3';
  const size = level === 2 ? token.fontSizeHeading2 : token.fontSizeHeading3;
  const lineHeight = level === 2 ? token.lineHeightHeading2 : token.lineHeightHeading3;
  return (
    <Tag
      style={{
        margin: '0 0 0.5em',
        color: token.colorTextHeading,
        fontWeight: token.fontWeightStrong,
        fontSize: size,
        lineHeight,
        ...style,
      }}
    >
      {children}
    </Tag>
  );
}

export function Text({
  secondary,
  strong,
  style,
  children,
}: {
  secondary?: boolean;
  strong?: boolean;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <span
      style={{
        color: secondary ? token.colorTextDescription : token.colorText,
        fontSize: token.fontSize,
        fontWeight: strong ? token.fontWeightStrong : undefined,
        ...style,
      }}
    >
      {children}
    </span>
  );
}

export function Paragraph({ secondary, children }: { secondary?: boolean; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: '1em', color: secondary ? token.colorTextDescription : token.colorText }}>
      {children}
    </div>
  );
}

export function Link({ style, ...props }: AnchorHTMLAttributes<HTMLAnchorElement>) {
  const { token } = theme.useToken();
  return (
    <a
      {...props}
      style={{ color: token.colorLink, fontSize: token.fontSize, textDecoration: 'none', ...style }}
    />
  );
}

/**
 * The page's base text (antd's App sets it for the signed-in app: font, size, colour, line
 * height), so text outside antd's components reads as inside them.
 */
export function PageText({
  children,
  ...props
}: HTMLAttributes<HTMLDivElement> & Record<`data-${string}`, string>) {
  const { token } = theme.useToken();
  return (
    <div
      {...props}
      style={{
        fontFamily: token.fontFamily,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        color: token.colorText,
      }}
    >
      {children}
    </div>
  );
}
