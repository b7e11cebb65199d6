/**
 * The FAQ demo page (`/pages/faq`; docs/requirements/routes.md#demo-faq-page and calls.md `GET
 * /faq/data?q`): a search banner (the search is `q` in the URL, so a search can be shared and
 * survives a reload), the categories that have matching questions as tabs (beside the questions
 * from the `md` breakpoint up, above them below it), the chosen category's questions as accordions,
 * a "no results" state, and the contact block under it.
 */
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { applyParams, useUrlParams } from '../../lib/url-params.ts';
import { useFaq } from './api/get-faq.ts';
import { FaqIcon } from './components/faq-icon.tsx';
import { FaqQuestions } from './components/faq-questions.tsx';
import { SearchBanner } from './components/search-banner.tsx';
import { FAQ_CATEGORIES, type TFaqCategoryId } from './schema.ts';

/** Contact details of the "still have a question?" block (template-like sample data). */
const CONTACTS = [
  { key: 'phone', icon: <PhoneOutlined />, value: '+1 (810) 2548 2568', href: 'tel:+181025482568' },
  { key: 'email', icon: <EmailOutlined />, value: 'help@dinedesk.example', href: 'mailto:help@dinedesk.example' },
] as const;

/** `/pages/faq`: see the module comment. */
export default function FaqPage() {
  const { t } = useTranslation('demo-faq');
  useDocumentTitle(t('title'));
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [params, update] = useUrlParams();
  const q = params.get('q') ?? '';
  const faq = useFaq(q);
  const [chosen, setChosen] = useState<TFaqCategoryId>('payment');

  const found = FAQ_CATEGORIES.filter((id) => faq.data?.[id]);
  // A search can hide the chosen category: show the first one left instead.
  const current = found.includes(chosen) ? chosen : found[0];
  const category = current ? faq.data?.[current] : undefined;

  return (
    <Box data-testid="faq-page">
      <SearchBanner
        heading={t('banner.heading')}
        subheading={t('banner.subheading')}
        label={t('banner.search')}
        value={q}
        onChange={(value) => update((next) => applyParams(next, { q: value }), { replace: true })}
        testId="faq-search"
      />

      {faq.isPending ? (
        <Skeleton variant="rounded" height={360} aria-label={t('loading')} />
      ) : faq.isError ? (
        <Alert severity="error">{t('loadFailed')}</Alert>
      ) : !current || !category ? (
        <Card variant="outlined" role="status" data-testid="faq-no-results">
          <CardContent sx={{ textAlign: 'center', py: 6 }}>
            <Typography variant="h6" component="h2">
              {t('noResults.title')}
            </Typography>
            <Typography color="text.secondary">{t('noResults.text', { q })}</Typography>
          </CardContent>
        </Card>
      ) : (
        <Box sx={{ display: 'flex', flexDirection: wide ? 'row' : 'column', gap: 3, alignItems: 'flex-start' }}>
          <Tabs
            orientation={wide ? 'vertical' : 'horizontal'}
            variant={wide ? 'standard' : 'scrollable'}
            allowScrollButtonsMobile
            value={current}
            onChange={(_event, value: TFaqCategoryId) => setChosen(value)}
            aria-label={t('categories')}
            sx={{ flexShrink: 0, width: wide ? 240 : '100%', '& .MuiTab-root': { justifyContent: 'flex-start', minHeight: 48 } }}
            data-testid="faq-tabs"
          >
            {found.map((id) => {
              const item = faq.data[id];
              return item ? (
                <Tab
                  key={id}
                  value={id}
                  icon={<FaqIcon name={item.icon} fontSize="small" />}
                  iconPosition="start"
                  label={item.title}
                  id={`faq-tab-${id}`}
                  aria-controls={`faq-panel-${id}`}
                  data-testid={`faq-tab-${id}`}
                />
              ) : null;
            })}
          </Tabs>
          <Box role="tabpanel" id={`faq-panel-${current}`} aria-labelledby={`faq-tab-${current}`} sx={{ flex: 1, minWidth: 0, width: '100%' }}>
            <FaqQuestions key={current} category={category} idPrefix={`faq-${current}`} />
          </Box>
        </Box>
      )}

      <Box component="section" aria-labelledby="faq-contact-heading" sx={{ textAlign: 'center', mt: 6 }}>
        <Typography id="faq-contact-heading" variant="h5" component="h2" sx={{ mb: 1 }}>
          {t('contact.heading')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('contact.text')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {CONTACTS.map((contact) => (
            <Card key={contact.key} variant="outlined">
              <CardContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1, py: 4 }}>
                <Avatar variant="rounded" sx={{ bgcolor: 'action.selected', color: 'primary.main' }}>
                  {contact.icon}
                </Avatar>
                <Typography component="a" href={contact.href} variant="h6" sx={{ color: 'text.primary', textDecoration: 'none', '&:hover, &:focus-visible': { textDecoration: 'underline' } }}>
                  {contact.value}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`contact.${contact.key}`)}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
