/**
 * The side picture of the split login page: a stylised map with a route and vehicles, drawn in
 * the brand's colours so that every brand gets its own without an image file.
 */
export function BrandIllustration({ primary, accent }: { primary: string; accent: string }) {
  return (
    <svg viewBox="0 0 320 220" width="100%" style={{ maxWidth: 420 }} aria-hidden="true">
      <rect x="10" y="10" width="300" height="200" rx="18" fill="#ffffff" fillOpacity="0.08" />
      <g stroke="#ffffff" strokeOpacity="0.14" strokeWidth="1">
        {[50, 90, 130, 170].map((y) => (
          <line key={y} x1="10" x2="310" y1={y} y2={y} />
        ))}
        {[70, 130, 190, 250].map((x) => (
          <line key={x} y1="10" y2="210" x1={x} x2={x} />
        ))}
      </g>
      <path
        d="M40 180 C80 170 70 120 120 115 S170 150 200 110 S250 50 285 45"
        fill="none"
        stroke={primary}
        strokeWidth="6"
        strokeLinecap="round"
      />
      <path
        d="M40 180 C80 170 70 120 120 115 S170 150 200 110 S250 50 285 45"
        fill="none"
        stroke="#ffffff"
        strokeWidth="2"
        strokeDasharray="2 8"
        strokeLinecap="round"
      />
      <circle cx="40" cy="180" r="8" fill="#ffffff" />
      <circle cx="40" cy="180" r="4" fill={primary} />
      <g transform="translate(285 45)">
        <path d="M0 -26c-9 0-16 7-16 15.5C-16 1 0 14 0 14s16-13 16-24.5C16 -19 9 -26 0 -26z" fill={accent} />
        <circle cy="-11" r="6" fill={primary} />
      </g>
      <g transform="translate(200 110)">
        <rect x="-14" y="-9" width="28" height="18" rx="5" fill="#ffffff" />
        <rect x="-9" y="-5" width="10" height="7" rx="2" fill={primary} />
      </g>
      <g transform="translate(120 115)">
        <rect x="-12" y="-8" width="24" height="16" rx="5" fill={accent} />
      </g>
    </svg>
  );
}
