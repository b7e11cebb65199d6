/**
 * The split layout's illustration, drawn in SVG from the theme's colours (so it follows the
 * light and dark skins and needs no image files): a screen with a form, and a sign per page —
 * a key for sign-in, a person for registration, an envelope for a forgotten password, a
 * padlock for a reset. Decorative: hidden from assistive technology.
 */
import { useTheme } from '@mui/material/styles';

export type IllustrationKind = 'login' | 'register' | 'forgot' | 'reset';

function Sign({ kind, color, paper }: { kind: IllustrationKind; color: string; paper: string }) {
  switch (kind) {
    case 'login':
      return (
        <g fill="none" stroke={paper} strokeWidth={10} strokeLinecap="round">
          <circle cx={410} cy={150} r={26} />
          <path d="M430 168 l48 48 M462 200 l-14 14 M476 214 l-12 12" />
        </g>
      );
    case 'register':
      return (
        <g fill={paper}>
          <circle cx={440} cy={150} r={24} />
          <path d="M396 226 a44 44 0 0 1 88 0 z" />
          <path d="M496 150 h28 M510 136 v28" stroke={paper} strokeWidth={8} strokeLinecap="round" />
        </g>
      );
    case 'forgot':
      return (
        <g fill="none" stroke={paper} strokeWidth={8} strokeLinejoin="round">
          <rect x={392} y={140} width={104} height={72} rx={8} />
          <path d="M392 146 l52 38 l52 -38" />
        </g>
      );
    case 'reset':
      return (
        <g>
          <path d="M414 168 v-20 a30 30 0 0 1 60 0 v20" fill="none" stroke={paper} strokeWidth={9} />
          <rect x={400} y={166} width={88} height={64} rx={10} fill={paper} />
          <circle cx={444} cy={194} r={9} fill={color} />
        </g>
      );
  }
}

/** The illustration of `kind`. */
export function AuthIllustration({ kind }: { kind: IllustrationKind }) {
  const theme = useTheme();
  const primary = theme.palette.primary.main;
  const paper = theme.palette.background.paper;
  const line = theme.palette.divider;
  const muted = theme.palette.text.disabled;
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 600 420" width="100%" style={{ maxWidth: 640 }} data-testid={`demo-auth-illustration-${kind}`}>
      <ellipse cx={300} cy={392} rx={250} ry={18} fill={line} />
      <rect x={70} y={60} width={300} height={300} rx={18} fill={paper} stroke={line} strokeWidth={3} />
      <rect x={100} y={100} width={140} height={14} rx={7} fill={primary} opacity={0.85} />
      <rect x={100} y={130} width={220} height={10} rx={5} fill={muted} opacity={0.5} />
      {[170, 222].map((y) => (
        <rect key={y} x={100} y={y} width={240} height={36} rx={8} fill="none" stroke={line} strokeWidth={3} />
      ))}
      <rect x={100} y={282} width={240} height={40} rx={8} fill={primary} />
      <circle cx={440} cy={182} r={92} fill={primary} />
      <Sign kind={kind} color={primary} paper={paper} />
      <circle cx={530} cy={70} r={14} fill={primary} opacity={0.35} />
      <circle cx={40} cy={330} r={10} fill={primary} opacity={0.35} />
    </svg>
  );
}
