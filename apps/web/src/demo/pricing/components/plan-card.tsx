/**
 * One pricing plan's card: picture, title, subtitle, the price for the chosen billing period
 * (billed yearly: the monthly equivalent and the year's bill under it), the benefits and the
 * plan's button. The popular plan is outlined in the primary colour with a "Popular" chip.
 */
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TPlanKey, TPricingPlan } from '../schema.ts';
import { formatDollars, type Billing } from './pricing-format.ts';

export interface PlanCardProps {
  planKey: TPlanKey;
  plan: TPricingPlan;
  billing: Billing;
  /** The plan the visitor is on (its button is disabled). */
  current: boolean;
  onChoose: (plan: TPricingPlan) => void;
}

export function PlanCard({ planKey, plan, billing, current, onChoose }: PlanCardProps) {
  const { t, i18n } = useTranslation('demo-pricing');
  const price = billing === 'yearly' ? plan.yearlyPlan.perMonth : plan.monthlyPrice;
  const headingId = `pricing-${planKey}-title`;
  return (
    <Card
      component="article"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ height: '100%', position: 'relative', overflow: 'visible', borderColor: plan.popular ? 'primary.main' : 'divider', borderWidth: plan.popular ? 2 : 1 }}
      data-testid={`pricing-plan-${planKey}`}
    >
      {plan.popular && <Chip label={t('popular')} color="primary" size="small" sx={{ position: 'absolute', top: 16, right: 16 }} data-testid="pricing-popular" />}
      <CardContent sx={{ p: 4, display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', height: '100%' }}>
        <Box component="img" src={plan.img} alt="" sx={{ width: 96, height: 96, mb: 2 }} />
        <Typography id={headingId} variant="h5" component="h2" sx={{ fontWeight: 600 }}>
          {plan.title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {plan.subtitle}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 0.5 }}>
          <Typography variant="h3" component="p" color="primary" sx={{ fontWeight: 700 }} data-testid={`pricing-price-${planKey}`}>
            {formatDollars(price, i18n.language)}
          </Typography>
          <Typography color="text.secondary">{t('perMonth')}</Typography>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ minHeight: 24, mb: 2 }} data-testid={`pricing-annual-${planKey}`}>
          {billing === 'yearly' && plan.yearlyPlan.totalAnnual > 0 ? t('perYear', { amount: formatDollars(plan.yearlyPlan.totalAnnual, i18n.language) }) : ''}
        </Typography>
        <List dense sx={{ alignSelf: 'stretch', mb: 3, flex: 1 }} aria-label={t('benefits', { plan: plan.title })}>
          {plan.planBenefits.map((benefit) => (
            <ListItem key={benefit} disableGutters>
              <ListItemIcon sx={{ minWidth: 32, color: 'success.main' }}>
                <CheckCircleOutline fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={benefit} />
            </ListItem>
          ))}
        </List>
        <Button
          fullWidth
          variant={plan.popular ? 'contained' : 'outlined'}
          color={current ? 'success' : 'primary'}
          disabled={current}
          onClick={() => onChoose(plan)}
          data-testid={`pricing-choose-${planKey}`}
        >
          {current ? t('currentPlan') : t('upgrade')}
        </Button>
      </CardContent>
    </Card>
  );
}
