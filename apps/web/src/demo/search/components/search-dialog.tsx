/**
 * The global search dialog (docs/requirements/routes.md: groups Pages, Files and Contacts, at most
 * 4 results each; data from `GET /api/main-search/data`, docs/requirements/calls.md). The user's
 * own DineDesk screens are searched too (already filtered by ability by the caller,
 * docs/requirements/roles.md).
 *
 * A combobox (MUI `useAutocomplete`): ↑/↓ move through the results, Enter opens a page, Esc
 * closes. Results are rendered in the dialog itself rather than a popper, so they scroll with
 * it on a phone. Files and contacts have no page of their own in the template; choosing one
 * just closes the search.
 */
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import useAutocomplete, { type AutocompleteGroupedOption } from '@mui/material/useAutocomplete';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useMemo, useState, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { srOnly } from '../../../components/sr-only.ts';
import { formatDateOnly, formatFileSize } from '../../../lib/format.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { useMainSearchData } from '../api/get-main-search-data.ts';
import { filterSearchOptions } from '../filter.ts';
import { buildSearchOptions, type ProductSearchPage, type SearchGroupKey, type SearchOption } from './search-options.ts';

export interface SearchDialogProps {
  open: boolean;
  onClose: () => void;
  productPages: readonly ProductSearchPage[];
}

function OptionContent({ option }: { option: SearchOption }) {
  const { t } = useTranslation('demo');
  const language = currentLanguage();
  if (option.kind === 'page') {
    const Icon = option.icon;
    return (
      <>
        <Icon fontSize="small" sx={{ color: 'text.secondary' }} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" noWrap>
            {option.title}
          </Typography>
          {option.product && (
            <Typography variant="caption" color="text.secondary" noWrap sx={{ display: 'block' }}>
              {t('search.screen')}
            </Typography>
          )}
        </Box>
      </>
    );
  }
  if (option.kind === 'file') {
    return (
      <>
        <Box component="img" src={option.file} alt="" width={24} height={28} sx={{ flexShrink: 0 }} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" noWrap>
            {option.title}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap sx={{ display: 'block' }}>
            {t('search.fileMeta', { size: formatFileSize(option.size, language), name: option.by })}
          </Typography>
        </Box>
      </>
    );
  }
  return (
    <>
      <Avatar src={option.img} alt="" sx={{ width: 32, height: 32 }}>
        {option.title[0]}
      </Avatar>
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography variant="body2" noWrap>
          {option.title}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap sx={{ display: 'block' }}>
          {option.email}
        </Typography>
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
        <time dateTime={option.date}>{formatDateOnly(option.date, language)}</time>
      </Typography>
    </>
  );
}

/** The search dialog; its combobox remounts (and resets) with every opening. */
export function SearchDialog({ open, onClose, productPages }: SearchDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      sx={{ '& .MuiDialog-container': { alignItems: 'flex-start' } }}
      slotProps={{ paper: { sx: { mt: { sm: 8 } } } }}
    >
      {/* The combobox lives inside the dialog, so it mounts and resets with each opening. */}
      <SearchPanel titleId={titleId} onClose={onClose} productPages={productPages} fullScreen={fullScreen} />
    </Dialog>
  );
}

interface SearchPanelProps {
  titleId: string;
  onClose: () => void;
  productPages: readonly ProductSearchPage[];
  fullScreen: boolean;
}

function SearchPanel({ titleId, onClose, productPages, fullScreen }: SearchPanelProps) {
  const { t } = useTranslation('demo');
  const navigate = useNavigate();
  const inputId = useId();
  const [query, setQuery] = useState('');
  const searchData = useMainSearchData(true);
  const { options, limits } = useMemo(
    () => buildSearchOptions(productPages, searchData.data, t),
    [productPages, searchData.data, t],
  );
  const typed = query.trim() !== '';

  const choose = (option: SearchOption) => {
    onClose();
    if (option.kind !== 'page') return;
    // Tickets reloads the page when selected (docs/requirements/routes.md), wherever it is selected
    // from.
    if (option.reload) window.location.assign(option.link);
    else void navigate(option.link);
  };

  const { getRootProps, getInputProps, getListboxProps, getOptionProps, groupedOptions } = useAutocomplete<
    SearchOption,
    false,
    false,
    false
  >({
    id: inputId,
    options,
    groupBy: (option) => option.group,
    getOptionLabel: (option) => option.title,
    getOptionKey: (option) => option.key,
    isOptionEqualToValue: (a, b) => a.key === b.key,
    filterOptions: (candidates, state) =>
      filterSearchOptions<SearchGroupKey, SearchOption>(candidates, state.inputValue, (group) => limits[group]),
    inputValue: query,
    onInputChange: (_event, value, reason) => {
      if (reason !== 'reset') setQuery(value);
    },
    value: null,
    onChange: (_event, option) => {
      if (option) choose(option);
    },
    open: typed,
    // The list is always shown while there is a query, so Escape closes the dialog instead.
    onClose: (_event, reason) => {
      if (reason === 'escape') onClose();
    },
    autoHighlight: true,
    clearOnBlur: false,
    selectOnFocus: false,
  });
  const groups = groupedOptions as AutocompleteGroupedOption<SearchOption>[];

  return (
    <>
      <Typography
        id={titleId}
        component="h2"
        sx={srOnly}
      >
        {t('search.title')}
      </Typography>
      <Box
        {...getRootProps()}
        sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        <SearchIcon sx={{ color: 'text.secondary' }} />
        <InputBase
          autoFocus
          fullWidth
          placeholder={t('search.placeholder')}
          inputProps={{ ...getInputProps(), 'aria-label': t('search.label'), 'data-testid': 'search-input' }}
          sx={{ fontSize: '1.05rem', py: 0.5 }}
        />
        <IconButton onClick={onClose} aria-label={t('search.close')} edge="end">
          <CloseIcon />
        </IconButton>
      </Box>
      {searchData.isPending && <LinearProgress aria-label={t('search.loading')} />}
      <Box sx={{ maxHeight: fullScreen ? 'none' : '60vh', overflowY: 'auto' }}>
        {searchData.isError && (
          <Alert severity="info" sx={{ m: 2 }}>
            {t('search.demoUnavailable')}
          </Alert>
        )}
        {!typed && (
          <Typography variant="body2" color="text.secondary" sx={{ px: 3, py: 2 }}>
            {t('search.hint')}
          </Typography>
        )}
        {typed && groups.length === 0 && (
          <Typography role="status" variant="body2" color="text.secondary" sx={{ px: 3, py: 2 }}>
            {t('search.noResults', { query: query.trim() })}
          </Typography>
        )}
        {typed && groups.length > 0 && (
          <Box
            component="ul"
            {...getListboxProps()}
            data-testid="search-results"
            sx={{ listStyle: 'none', m: 0, p: 0, pb: 1 }}
          >
            {groups.map((group) => {
              const headingId = `${inputId}-group-${group.group}`;
              return (
                <li key={group.key}>
                  <Typography
                    id={headingId}
                    component="div"
                    variant="overline"
                    color="text.secondary"
                    sx={{ display: 'block', px: 3, pt: 1.5, lineHeight: 2 }}
                  >
                    {t(`search.groups.${group.group as 'pages' | 'files' | 'contacts'}`)}
                  </Typography>
                  <Box
                    component="ul"
                    role="group"
                    aria-labelledby={headingId}
                    data-testid={`search-group-${group.group}`}
                    sx={{ listStyle: 'none', m: 0, p: 0 }}
                  >
                    {group.options.map((option, offset) => {
                      const { key, ...optionProps } = getOptionProps({ option, index: group.index + offset }) as HTMLAttributes<HTMLLIElement> & { key: string };
                      return (
                        <Box
                          component="li"
                          key={key}
                          {...optionProps}
                          data-testid="search-result"
                          sx={{
                            display: 'flex',
                            alignItems: 'center',
                            gap: 1.5,
                            px: 3,
                            py: 1,
                            cursor: 'pointer',
                            '&.Mui-focused': { bgcolor: 'action.hover' },
                            '&[aria-selected="true"]': { bgcolor: 'action.selected' },
                          }}
                        >
                          <OptionContent option={option} />
                        </Box>
                      );
                    })}
                  </Box>
                </li>
              );
            })}
          </Box>
        )}
      </Box>
    </>
  );
}

export default SearchDialog;
