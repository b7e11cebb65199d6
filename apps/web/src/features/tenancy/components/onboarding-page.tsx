/**
 * Client onboarding wizard for super admins: client → brands → outlets → owner →
 * pages → create. One `POST /api/client-onboarding` at the end; the client key makes a retry
 * (double click, lost answer) return the first result. Outlets may be linked to a Facebook
 * Page id (a simulator page locally), connected later through the Facebook connect flow.
 * Server validation names each bad field; they are listed under the form.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TClientOnboardingRequest, TClientOnboardingResponse } from '@dinedesk/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { useOnboardClient } from '../api/onboard-client.ts';
import { InvitationLink } from './invitation-link.tsx';

/** "Spice Route Bangalore" → "spice-route-bangalore" (the server's key rule). */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);
}

interface OutletDraft {
  name: string;
  city: string;
  facebookPageId: string;
}
interface BrandDraft {
  name: string;
  outlets: OutletDraft[];
}

const STEPS = ['client', 'brands', 'outlets', 'owner', 'pages', 'review'] as const;

/** The request the wizard's drafts describe (keys derived from names). */
export function toRequest(client: { key: string; name: string }, brands: BrandDraft[], owner: { email: string; fullName: string }): TClientOnboardingRequest {
  return {
    clientKey: client.key,
    name: client.name,
    brands: brands.map((b) => ({
      key: slugify(b.name),
      name: b.name,
      outlets: b.outlets.map((o) => ({ key: slugify(`${b.name} ${o.name}`), name: o.name, city: o.city, ...(o.facebookPageId ? { facebookPageId: o.facebookPageId.trim() } : {}) })),
    })),
    owner,
  };
}

export default function OnboardingPage() {
  const { t: tt } = useTranslation('tenancy');
  const onboard = useOnboardClient();
  const [step, setStep] = useState(0);
  const [client, setClient] = useState({ name: '', key: '' });
  const [brands, setBrands] = useState<BrandDraft[]>([{ name: '', outlets: [{ name: '', city: '', facebookPageId: '' }] }]);
  const [owner, setOwner] = useState({ email: '', fullName: '' });
  const [result, setResult] = useState<TClientOnboardingResponse | null>(null);
  const setBrand = (i: number, patch: Partial<BrandDraft>) => setBrands(brands.map((b, j) => (j === i ? { ...b, ...patch } : b)));
  const setOutlet = (i: number, k: number, patch: Partial<OutletDraft>) => setBrand(i, { outlets: brands[i]!.outlets.map((o, j) => (j === k ? { ...o, ...patch } : o)) });
  const issues = onboard.error instanceof ApiError ? ((onboard.error.body as { issues?: { field: string; message: string }[] } | undefined)?.issues ?? []) : [];

  if (result) {
    return (
      <Stack spacing={2} data-testid="onboarding-result">
        <Typography variant="h5">{result.created ? tt('onboarded', { name: result.client.name }) : tt('alreadyOnboarded', { name: result.client.name })}</Typography>
        {result.invitation ? <InvitationLink invitation={result.invitation} email={result.owner.email} /> : <Alert severity="info">{tt('noInvitation')}</Alert>}
        <Typography variant="body2">{result.client.brands.map((b) => `${b.name}: ${b.outlets.map((o) => o.name).join(', ')}`).join(' · ')}</Typography>
      </Stack>
    );
  }

  const body = (() => {
    switch (STEPS[step]) {
      case 'client':
        return (
          <Stack spacing={2}>
            <TextField label={tt('clientName')} value={client.name} onChange={(e) => setClient({ name: e.target.value, key: slugify(e.target.value) })} required />
            <TextField label={tt('clientKey')} value={client.key} onChange={(e) => setClient({ ...client, key: e.target.value })} helperText={tt('clientKeyHelp')} required />
          </Stack>
        );
      case 'brands':
        return (
          <Stack spacing={2}>
            {brands.map((b, i) => (
              <TextField key={i} label={tt('brandName', { n: i + 1 })} value={b.name} onChange={(e) => setBrand(i, { name: e.target.value })} required />
            ))}
            <Button onClick={() => setBrands([...brands, { name: '', outlets: [{ name: '', city: '', facebookPageId: '' }] }])}>{tt('addBrand')}</Button>
          </Stack>
        );
      case 'outlets':
        return (
          <Stack spacing={2}>
            {brands.map((b, i) => (
              <Box key={i}>
                <Typography variant="subtitle2">{b.name}</Typography>
                {b.outlets.map((o, k) => (
                  <Stack key={k} direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ mt: 1 }}>
                    <TextField size="small" label={tt('outletName')} value={o.name} onChange={(e) => setOutlet(i, k, { name: e.target.value })} required />
                    <TextField size="small" label={tt('city')} value={o.city} onChange={(e) => setOutlet(i, k, { city: e.target.value })} />
                  </Stack>
                ))}
                <Button size="small" onClick={() => setBrand(i, { outlets: [...b.outlets, { name: '', city: '', facebookPageId: '' }] })}>
                  {tt('addOutlet')}
                </Button>
              </Box>
            ))}
          </Stack>
        );
      case 'owner':
        return (
          <Stack spacing={2}>
            <TextField type="email" label={tt('ownerEmail')} value={owner.email} onChange={(e) => setOwner({ ...owner, email: e.target.value })} required />
            <TextField label={tt('ownerName')} value={owner.fullName} onChange={(e) => setOwner({ ...owner, fullName: e.target.value })} required />
          </Stack>
        );
      case 'pages':
        return (
          <Stack spacing={1}>
            <Typography variant="body2" color="text.secondary">
              {tt('pagesHelp')}
            </Typography>
            {brands.flatMap((b, i) =>
              b.outlets.map((o, k) => (
                <TextField key={`${i}-${k}`} size="small" label={`${b.name} · ${o.name}`} placeholder={tt('pageIdPlaceholder')} value={o.facebookPageId} onChange={(e) => setOutlet(i, k, { facebookPageId: e.target.value })} />
              )),
            )}
          </Stack>
        );
      case 'review':
        return (
          <Stack spacing={1}>
            <Typography>
              {client.name} ({client.key})
            </Typography>
            {brands.map((b, i) => (
              <Typography key={i} variant="body2">
                {b.name}: {b.outlets.map((o) => o.name).join(', ')}
              </Typography>
            ))}
            <Typography variant="body2">
              {owner.fullName} &lt;{owner.email}&gt;
            </Typography>
          </Stack>
        );
      default:
        return null;
    }
  })();

  const last = step === STEPS.length - 1;
  return (
    <Stack spacing={2}>
      <Typography variant="h5">{tt('onboardingTitle')}</Typography>
      <Stepper activeStep={step} alternativeLabel>
        {STEPS.map((s) => (
          <Step key={s}>
            <StepLabel>{tt(`steps.${s}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Card variant="outlined">
        <CardContent>{body}</CardContent>
      </Card>
      {onboard.error && (
        <Alert severity="error" data-testid="onboarding-error">
          {onboard.error.message}
          {issues.length > 1 && (
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {issues.map((i) => (
                <li key={i.field}>{i.message}</li>
              ))}
            </Box>
          )}
        </Alert>
      )}
      <Stack direction="row" spacing={1}>
        <Button disabled={step === 0} onClick={() => setStep(step - 1)}>
          {tt('back')}
        </Button>
        {last ? (
          <Button variant="contained" disabled={onboard.isPending} onClick={() => onboard.mutate(toRequest(client, brands, owner), { onSuccess: setResult })}>
            {tt('create')}
          </Button>
        ) : (
          <Button variant="contained" onClick={() => setStep(step + 1)}>
            {tt('next')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
