import { ICON_TYPE_MAX, ICON_TYPE_MIN } from '../../domain/device-rules';

/** Body colour of each icon type, so the 16 rotating car icons are told apart in the preview. */
const hue = (type: number) =>
  Math.round(((type - ICON_TYPE_MIN) / (ICON_TYPE_MAX - ICON_TYPE_MIN + 1)) * 360);

/** The car marker of an icon type (40x40, spec section 9), drawn pointing north. */
export function IconTypeGlyph({ type, selected }: { type: number; selected?: boolean }) {
  const color = `hsl(${hue(type)} 65% 45%)`;
  return (
    <svg width={40} height={40} viewBox="0 0 40 40" role="img" aria-label={`icon ${type}`}>
      <rect
        x={1}
        y={1}
        width={38}
        height={38}
        rx={6}
        fill={selected ? '#e6f4ff' : 'transparent'}
        stroke={selected ? '#1677ff' : '#d9d9d9'}
      />
      <path d="M20 5 L29 14 L29 33 Q29 36 26 36 L14 36 Q11 36 11 33 L11 14 Z" fill={color} />
      <rect x={14} y={15} width={12} height={6} rx={1} fill="#fff" opacity={0.8} />
      <text x={20} y={31} textAnchor="middle" fontSize={9} fill="#fff" fontFamily="sans-serif">
        {type}
      </text>
    </svg>
  );
}

/** All icon types in a row; the chosen one highlighted. */
export function IconTypePreview({ value, onPick }: { value?: number; onPick?: (type: number) => void }) {
  const types = Array.from({ length: ICON_TYPE_MAX - ICON_TYPE_MIN + 1 }, (_, i) => ICON_TYPE_MIN + i);
  return (
    <div data-testid="icon-preview" style={{ display: 'flex', flexWrap: 'wrap', gap: 6, marginBottom: 16 }}>
      {types.map((type) => (
        <span key={type} style={{ cursor: onPick ? 'pointer' : undefined }} onClick={() => onPick?.(type)}>
          <IconTypeGlyph type={type} selected={type === value} />
        </span>
      ))}
    </div>
  );
}
