/**
 * Helpers of the knowledge base pages: the section icons and colours, the search filters
 * (case-insensitive substring, as the FAQ's), dates, and question HTML made safe to show.
 */
import CodeOutlined from '@mui/icons-material/CodeOutlined';
import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import LiveHelpOutlined from '@mui/icons-material/LiveHelpOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import PhoneIphoneOutlined from '@mui/icons-material/PhoneIphoneOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import DOMPurify from 'dompurify';
import type { ComponentType } from 'react';
import type { TKbIconColor, TKbItem, TKbSection, TKbSectionIcon } from '../schema.ts';

const ICONS: Record<TKbSectionIcon, ComponentType<SvgIconProps>> = {
  Settings: ManageAccountsOutlined,
  Code: CodeOutlined,
  CreditCard: CreditCardOutlined,
  Lock: GavelOutlined,
  Smartphone: PhoneIphoneOutlined,
  HelpCircle: LiveHelpOutlined,
};

export function KbSectionIcon({ name, ...props }: { name: TKbSectionIcon } & SvgIconProps) {
  const Icon = ICONS[name];
  return <Icon {...props} />;
}

/** The MUI palette colour of a section's `iconColor`. */
export function paletteOf(color: TKbIconColor): 'primary' | 'success' | 'warning' | 'info' | 'error' | 'secondary' {
  return color === 'danger' ? 'error' : color;
}

const matches = (text: string, q: string) => text.toLowerCase().includes(q.trim().toLowerCase());

/** The items whose title or description contains `q`. */
export function filterItems(items: readonly TKbItem[], q: string): TKbItem[] {
  return items.filter((item) => matches(item.title, q) || matches(item.desc, q));
}

/** The sections with only their questions containing `q`; sections left empty are dropped. */
export function filterSections(sections: readonly TKbSection[], q: string): TKbSection[] {
  return sections.map((section) => ({ ...section, questions: section.questions.filter((question) => matches(question.question, q)) })).filter((section) => section.questions.length > 0);
}

/** An ISO date (`YYYY-MM-DD`) as a long date in `language`. */
export function formatDay(iso: string, language: string): string {
  const [year = 0, month = 1, day = 1] = iso.split('-').map(Number);
  return new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(year, month - 1, day));
}

/** Question HTML safe for `dangerouslySetInnerHTML` (formatting kept; scripts, forms, styles dropped). */
export function sanitizeKbHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'button'] });
}
