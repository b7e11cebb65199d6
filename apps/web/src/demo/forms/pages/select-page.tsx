/**
 * `/forms/elements/select`: MUI Select (single, multiple with checkmarks, multiple as chips, a
 * native select) and Autocomplete (search as you type, single and multiple, free typing off).
 */
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DemoCard, ShowcasePage } from '../../components/showcase-page.tsx';
import { DISHES, SEATING_AREAS, TIME_SLOTS, WAITERS } from '../sample-data.ts';

/** The select page (see the module comment). */
export default function SelectPage() {
  const { t } = useTranslation('demo-forms');
  const [slot, setSlot] = useState('19:30');
  const [waiters, setWaiters] = useState<string[]>(['Alice Moreau']);
  const [dishes, setDishes] = useState<string[]>(['Margherita pizza', 'Tiramisu']);
  const [area, setArea] = useState('terrace');
  const [dish, setDish] = useState<string | null>(null);
  const [favourites, setFavourites] = useState<string[]>(['Grilled sea bass']);

  return (
    <ShowcasePage target="formSelect" subtitle={t('select.lead')} testId="forms-select">
      <DemoCard title={t('select.selectTitle')}>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 6 }}>
            <FormControl fullWidth>
              <InputLabel id="select-slot-label">{t('select.slot')}</InputLabel>
              <Select labelId="select-slot-label" label={t('select.slot')} value={slot} onChange={(event) => setSlot(event.target.value)} data-testid="select-slot">
                {TIME_SLOTS.map((time) => (
                  <MenuItem key={time} value={time}>
                    {time}
                  </MenuItem>
                ))}
              </Select>
              <FormHelperText>{t('select.slotHelp')}</FormHelperText>
            </FormControl>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <FormControl fullWidth>
              <InputLabel id="select-waiters-label">{t('select.waiters')}</InputLabel>
              <Select
                labelId="select-waiters-label"
                multiple
                value={waiters}
                onChange={(event) => setWaiters(typeof event.target.value === 'string' ? event.target.value.split(',') : event.target.value)}
                input={<OutlinedInput label={t('select.waiters')} />}
                renderValue={(selected) => selected.join(', ')}
              >
                {WAITERS.map((name) => (
                  <MenuItem key={name} value={name}>
                    <Checkbox checked={waiters.includes(name)} />
                    <ListItemText primary={name} />
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <FormControl fullWidth>
              <InputLabel id="select-dishes-label">{t('select.dishes')}</InputLabel>
              <Select
                labelId="select-dishes-label"
                multiple
                value={dishes}
                onChange={(event) => setDishes(typeof event.target.value === 'string' ? event.target.value.split(',') : event.target.value)}
                input={<OutlinedInput label={t('select.dishes')} />}
                renderValue={(selected) => (
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                    {selected.map((value) => (
                      <Chip key={value} label={value} size="small" />
                    ))}
                  </Box>
                )}
              >
                {DISHES.map((name) => (
                  <MenuItem key={name} value={name}>
                    {name}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <FormControl fullWidth>
              <InputLabel variant="standard" htmlFor="select-area">
                {t('select.area')}
              </InputLabel>
              <NativeSelect value={area} onChange={(event) => setArea(event.target.value)} inputProps={{ id: 'select-area' }}>
                {SEATING_AREAS.map((value) => (
                  <option key={value} value={value}>
                    {t(`areas.${value}`)}
                  </option>
                ))}
              </NativeSelect>
            </FormControl>
          </Grid>
        </Grid>
      </DemoCard>
      <DemoCard title={t('select.autocompleteTitle')}>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Autocomplete
              options={DISHES}
              value={dish}
              onChange={(_, value) => setDish(value)}
              renderInput={(params) => <TextField {...params} label={t('select.searchDish')} />}
              noOptionsText={t('select.noOptions')}
              data-testid="autocomplete-dish"
            />
            <Typography role="status" variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="autocomplete-dish-value">
              {dish ? t('select.chosen', { value: dish }) : t('select.nothingChosen')}
            </Typography>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Autocomplete
              multiple
              options={DISHES}
              value={favourites}
              onChange={(_, value) => setFavourites(value)}
              filterSelectedOptions
              renderInput={(params) => <TextField {...params} label={t('select.favourites')} />}
              noOptionsText={t('select.noOptions')}
            />
          </Grid>
        </Grid>
      </DemoCard>
    </ShowcasePage>
  );
}
