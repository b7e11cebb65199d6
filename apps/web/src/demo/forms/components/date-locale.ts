/**
 * The date-fns locale of each app language, for MUI X Date Pickers' AdapterDateFns (the pickers
 * page): day and month names, the first day of the week and the field order follow the app.
 */
import type { Locale } from 'date-fns';
import { de } from 'date-fns/locale/de';
import { enUS } from 'date-fns/locale/en-US';
import { fr } from 'date-fns/locale/fr';
import { ptBR } from 'date-fns/locale/pt-BR';
import type { SupportedLanguage } from '../../../lib/i18n.ts';

/** English as `Intl` formats `en` (US), Portuguese Brazilian (lib/i18n.ts). */
export const DATE_FNS_LOCALES: Record<SupportedLanguage, Locale> = { en: enUS, de, fr, pt: ptBR };
