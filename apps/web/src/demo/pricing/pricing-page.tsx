/**
 * The pricing demo page (`/pages/pricing`; docs/requirements/routes.md and calls.md `GET
 * /pricing/data`, docs/requirements/constants.md#sample-pricing): the Monthly/Yearly switch
 * (`?billing=yearly` in the URL, so the choice survives a reload), the three plans, a free-trial
 * banner and the pricing FAQ. The visitor is on the free Basic plan; the other plans' buttons say
 * plainly that buying is not part of the demo.
 */
import ExpandMoreIcon from '@mui/icons-material/ExpandMoreOutlined';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { applyParams, useUrlParams } from '../../lib/url-params.ts';
import { usePricing } from './api/get-pricing.ts';
import { PlanCard } from './components/plan-card.tsx';
import { billingOf, yearlySaving } from './components/pricing-format.ts';
import { PLAN_KEYS } from './schema.ts';

/** The plan a demo visitor is on. */
const CURRENT_PLAN = 'basicPlan';

/** `/pages/pricing`: see the module comment. */
export default function PricingPage() {
  const { t } = useTranslation('demo-pricing');
  useDocumentTitle(t('title'));
  const [params, update] = useUrlParams();
  const billing = billingOf(params.get('billing'));
  const pricing = usePricing();
  const [open, setOpen] = useState<number | false>(false);
  const [toast, setToast] = useState<{ key: number; message: string } | null>(null);

  if (pricing.isPending) return <Skeleton variant="rounded" height={640} aria-label={t('loading')} />;
  if (pricing.isError) return <Alert severity="error">{t('loadFailed')}</Alert>;
  const data = pricing.data;
  const saving = Math.max(...PLAN_KEYS.map((key) => yearlySaving(data[key].monthlyPrice, data[key].yearlyPlan.perMonth)));

  return (
    <Box data-testid="pricing-page">
      <Box sx={{ textAlign: 'center', mb: 4 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 600, mb: 1 }}>
          {t('heading')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('subheading')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'center' }}>
          <Typography component="span" id="pricing-monthly-label" sx={{ fontWeight: billing === 'monthly' ? 600 : 400 }}>
            {t('monthly')}
          </Typography>
          <Switch
            checked={billing === 'yearly'}
            onChange={(event) => update((next) => applyParams(next, { billing: event.target.checked ? 'yearly' : null }), { replace: true })}
            slotProps={{ input: { 'aria-label': t('billedYearly'), role: 'switch' } }}
            data-testid="pricing-billing-switch"
          />
          <Typography component="span" sx={{ fontWeight: billing === 'yearly' ? 600 : 400 }}>
            {t('yearly')}
          </Typography>
          {saving > 0 && <Chip size="small" color="primary" variant="outlined" label={t('saveUpTo', { percent: saving })} />}
        </Stack>
      </Box>

      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, maxWidth: 1100, mx: 'auto', mb: 6 }}>
        {PLAN_KEYS.map((key) => (
          <PlanCard
            key={key}
            planKey={key}
            plan={data[key]}
            billing={billing}
            current={key === CURRENT_PLAN}
            onChoose={(plan) => setToast({ key: Date.now(), message: t('demoOnly', { plan: plan.title }) })}
          />
        ))}
      </Box>

      <Card variant="outlined" sx={{ mb: 6, maxWidth: 1100, mx: 'auto' }}>
        <CardContent sx={{ textAlign: 'center', py: 5 }}>
          <Typography variant="h5" component="h2" color="primary" sx={{ mb: 1 }}>
            {t('trial.heading')}
          </Typography>
          <Typography color="text.secondary">{t('trial.text')}</Typography>
        </CardContent>
      </Card>

      <Box component="section" aria-labelledby="pricing-faq-heading" sx={{ maxWidth: 900, mx: 'auto' }}>
        <Typography id="pricing-faq-heading" variant="h5" component="h2" sx={{ textAlign: 'center', mb: 1 }}>
          {t('faq.heading')}
        </Typography>
        <Typography color="text.secondary" sx={{ textAlign: 'center', mb: 3 }}>
          {t('faq.subheading')}
        </Typography>
        <div data-testid="pricing-faq">
          {data.qandA.map((item, index) => (
            <Accordion
              key={item.question}
              expanded={open === index}
              onChange={(_event, expanded) => setOpen(expanded ? index : false)}
              disableGutters
              variant="outlined"
              sx={{ mb: 1, borderRadius: 1, '&::before': { display: 'none' } }}
            >
              <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`pricing-faq-${index}-summary`} aria-controls={`pricing-faq-${index}-answer`}>
                <Typography sx={{ fontWeight: 500 }}>{item.question}</Typography>
              </AccordionSummary>
              <AccordionDetails>
                <Typography variant="body2" color="text.secondary">
                  {item.ans}
                </Typography>
              </AccordionDetails>
            </Accordion>
          ))}
        </div>
      </Box>
      <Snackbar
        key={toast?.key}
        open={toast !== null}
        autoHideDuration={4000}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setToast(null);
        }}
        message={toast?.message}
        data-testid="pricing-toast"
      />
    </Box>
  );
}
