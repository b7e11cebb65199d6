/**
 * One FAQ category's questions as accordions (one open at a time), under the category's icon,
 * title and subtitle. The heading is a tab panel's label, so keyboard users land on it.
 */
import ExpandMoreIcon from '@mui/icons-material/ExpandMoreOutlined';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { TFaqCategory } from '../schema.ts';
import { FaqIcon } from './faq-icon.tsx';

export interface FaqQuestionsProps {
  category: TFaqCategory;
  /** Id prefix of the accordions (unique on the page). */
  idPrefix: string;
}

export function FaqQuestions({ category, idPrefix }: FaqQuestionsProps) {
  const [open, setOpen] = useState<number | false>(false);
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2.5 }}>
        <Avatar variant="rounded" sx={{ bgcolor: 'primary.light', color: 'primary.contrastText', width: 44, height: 44 }}>
          <FaqIcon name={category.icon} />
        </Avatar>
        <Box>
          <Typography variant="h6" component="h2">
            {category.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {category.subtitle}
          </Typography>
        </Box>
      </Box>
      <div data-testid="faq-questions">
        {category.qandA.map((item, index) => (
          <Accordion
            key={item.question}
            expanded={open === index}
            onChange={(_event, expanded) => setOpen(expanded ? index : false)}
            disableGutters
            variant="outlined"
            sx={{ mb: 1, borderRadius: 1, '&::before': { display: 'none' } }}
            data-testid="faq-question"
          >
            <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`${idPrefix}-${index}-summary`} aria-controls={`${idPrefix}-${index}-answer`}>
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
  );
}
