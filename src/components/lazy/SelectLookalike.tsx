import { CloseCircleFilled, DownOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';

interface Props {
  'data-testid': string;
  'aria-label'?: string;
  /** The chosen option's label; without one the placeholder is shown. */
  label?: ReactNode;
  placeholder?: ReactNode;
  prefix?: ReactNode;
  variant?: 'outlined' | 'borderless';
  /** Width and margins, as given to the real select. */
  style?: CSSProperties;
  /** The pointer came near or the keyboard reached it: start loading the real select. */
  onPrefetch(): void;
  /** Clicked, or Enter, Space or an arrow key: show the real select, opened. */
  onOpen(): void;
  /** With a value, the clear icon shows on hover as antd's `allowClear` does. */
  onClear?: () => void;
}

const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/**
 * A closed antd Select drawn with antd's own tokens and sizes (select/style: 32 px high,
 * 11 px side padding, the 12 px arrow), without rc-select: the page shows this until the
 * select is used, then the real one, opened (see lazyModule.ts).
 */
export function SelectLookalike(p: Props) {
  const { token } = theme.useToken();
  const [hover, setHover] = useState(false);
  const [focus, setFocus] = useState(false);
  const outlined = p.variant !== 'borderless';
  const clearable = !!p.onClear && p.label != null;
  const icon = {
    position: 'absolute',
    top: '50%',
    // From the outer edge: antd draws the border on an inner element, not the positioned one.
    insetInlineEnd: token.paddingSM - 1 - token.lineWidth,
    marginTop: -token.fontSizeIcon / 2,
    height: token.fontSizeIcon,
    fontSize: token.fontSizeIcon,
    lineHeight: 1,
    display: 'flex',
    alignItems: 'center',
    color: token.colorTextQuaternary,
  } as const;
  const border = !outlined
    ? 'transparent'
    : focus
      ? token.colorPrimary
      : hover
        ? token.colorPrimaryHover
        : token.colorBorder;
  return (
    <div
      role="combobox"
      tabIndex={0}
      aria-expanded={false}
      aria-haspopup="listbox"
      aria-label={p['aria-label']}
      data-testid={p['data-testid']}
      onPointerEnter={() => {
        setHover(true);
        p.onPrefetch();
      }}
      onPointerLeave={() => setHover(false)}
      onFocus={() => {
        setFocus(true);
        p.onPrefetch();
      }}
      onBlur={() => setFocus(false)}
      onClick={p.onOpen}
      onKeyDown={(e: KeyboardEvent) => {
        if (!OPEN_KEYS.has(e.key)) return;
        e.preventDefault();
        p.onOpen();
      }}
      style={{
        position: 'relative',
        display: 'inline-flex',
        alignItems: 'center',
        boxSizing: 'border-box',
        height: token.controlHeight,
        padding: `0 ${token.paddingSM - 1}px`,
        background: outlined ? token.colorBgContainer : 'transparent',
        border: `${token.lineWidth}px ${token.lineType} ${border}`,
        borderRadius: token.borderRadius,
        boxShadow:
          outlined && focus ? `0 0 0 ${token.controlOutlineWidth}px ${token.controlOutline}` : undefined,
        outline: 'none',
        color: token.colorText,
        fontSize: token.fontSize,
        fontFamily: token.fontFamily,
        lineHeight: `${token.controlHeight - 2 * token.lineWidth}px`,
        cursor: 'pointer',
        ...p.style,
      }}
    >
      {p.prefix && <span style={{ flex: 'none', marginInlineEnd: token.paddingXXS }}>{p.prefix}</span>}
      <span
        style={{
          flex: 1,
          minWidth: 0,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          paddingInlineEnd: Math.ceil(token.fontSize * 1.25),
          color: p.label == null ? token.colorTextPlaceholder : undefined,
        }}
      >
        {p.label ?? p.placeholder}
      </span>
      {clearable && hover ? (
        <span
          role="button"
          aria-label="clear"
          style={{ ...icon, cursor: 'pointer' }}
          onClick={(e) => {
            e.stopPropagation();
            p.onClear?.();
          }}
        >
          <CloseCircleFilled />
        </span>
      ) : (
        <span style={{ ...icon, pointerEvents: 'none' }}>
          <DownOutlined />
        </span>
      )}
    </div>
  );
}
