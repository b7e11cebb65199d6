/**
 * `/extensions/uploader`: a file drop zone with react-dropzone. It takes images (PNG, JPEG,
 * WebP) and CSV files up to 2 MB, five at most; images get a preview (a data URL: the app's
 * Content-Security-Policy allows `data:` images, not `blob:`), every accepted file can be
 * removed, and each refused file
 * is listed with the reasons in words. The zone is a real button for the keyboard (Enter/Space
 * opens the file dialog).
 */
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useRef, useState } from 'react';
import { ErrorCode, useDropzone, type FileRejection } from 'react-dropzone';
import { useTranslation } from 'react-i18next';
import { DemoCard, ShowcasePage } from '../../components/showcase-page.tsx';

const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
const MAX_FILES = 5;
const ACCEPT = { 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'], 'image/webp': ['.webp'], 'text/csv': ['.csv'] };

interface Upload {
  id: string;
  file: File;
  /** A data URL for images once read, null for CSV (and while reading). */
  preview: string | null;
}

const ERROR_KEYS: Record<string, 'type' | 'size' | 'tooMany' | 'other'> = {
  [ErrorCode.FileInvalidType]: 'type',
  [ErrorCode.FileTooLarge]: 'size',
  [ErrorCode.TooManyFiles]: 'tooMany',
};

/** The uploader page (see the module comment). */
export default function UploaderPage() {
  const { t, i18n } = useTranslation('demo-extensions');
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [rejected, setRejected] = useState<FileRejection[]>([]);
  const counter = useRef(0);
  const size = (bytes: number) => new Intl.NumberFormat(i18n.language, { style: 'unit', unit: bytes >= 1024 * 1024 ? 'megabyte' : 'kilobyte', maximumFractionDigits: 1 }).format(bytes >= 1024 * 1024 ? bytes / (1024 * 1024) : bytes / 1024);

  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: ACCEPT,
    maxSize: MAX_UPLOAD_BYTES,
    maxFiles: MAX_FILES,
    onDrop: (accepted, refused) => {
      setRejected(refused);
      const added = accepted.slice(0, Math.max(0, MAX_FILES - uploads.length)).map((file) => {
        counter.current += 1;
        return { id: `upload-${counter.current}`, file, preview: null };
      });
      setUploads((current) => [...current, ...added]);
      for (const upload of added) {
        if (!upload.file.type.startsWith('image/')) continue;
        const reader = new FileReader();
        reader.onload = () => {
          const preview = typeof reader.result === 'string' ? reader.result : null;
          setUploads((current) => current.map((item) => (item.id === upload.id ? { ...item, preview } : item)));
        };
        reader.readAsDataURL(upload.file);
      }
    },
  });

  const remove = (upload: Upload) => setUploads((current) => current.filter((item) => item.id !== upload.id));

  return (
    <ShowcasePage target="fileUploader" subtitle={t('uploader.lead')} testId="extensions-uploader">
      <DemoCard title={t('uploader.dropTitle')}>
        <Box
          {...getRootProps({ 'aria-label': t('uploader.zoneLabel') })}
          role="button"
          data-testid="uploader-zone"
          sx={(theme) => ({
            border: `2px dashed ${isDragActive ? theme.palette.primary.main : theme.palette.divider}`,
            borderRadius: 2,
            p: 4,
            textAlign: 'center',
            cursor: 'pointer',
            bgcolor: isDragActive ? alpha(theme.palette.primary.main, 0.08) : 'transparent',
            '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
          })}
        >
          <input {...getInputProps()} data-testid="uploader-input" />
          <CloudUploadOutlined color="primary" sx={{ fontSize: 48 }} aria-hidden />
          <Typography variant="h6" component="p">
            {isDragActive ? t('uploader.dropNow') : t('uploader.dropHere')}
          </Typography>
          <Typography color="text.secondary">{t('uploader.rules', { size: size(MAX_UPLOAD_BYTES), count: MAX_FILES })}</Typography>
        </Box>

        {rejected.length > 0 && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="uploader-rejected" onClose={() => setRejected([])}>
            <AlertTitle>{t('uploader.rejectedTitle', { count: rejected.length })}</AlertTitle>
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {rejected.map(({ file, errors }) => (
                <li key={`${file.name}-${file.size}`}>
                  <strong>{file.name}</strong>: {errors.map((error) => t(`uploader.errors.${ERROR_KEYS[error.code] ?? 'other'}`, { size: size(MAX_UPLOAD_BYTES), count: MAX_FILES })).join(' ')}
                </li>
              ))}
            </Box>
          </Alert>
        )}
      </DemoCard>

      <DemoCard
        title={t('uploader.filesTitle', { count: uploads.length })}
        action={
          uploads.length > 0 && (
            <Button color="error" onClick={() => setUploads([])}>
              {t('uploader.removeAll')}
            </Button>
          )
        }
      >
        {uploads.length === 0 ? (
          <Typography color="text.secondary">{t('uploader.empty')}</Typography>
        ) : (
          <List data-testid="uploader-files" aria-label={t('uploader.filesLabel')}>
            {uploads.map((upload) => (
              <ListItem
                key={upload.id}
                divider
                secondaryAction={
                  <IconButton edge="end" aria-label={t('uploader.remove', { name: upload.file.name })} onClick={() => remove(upload)}>
                    <DeleteOutline />
                  </IconButton>
                }
              >
                <ListItemAvatar>
                  {upload.preview ? (
                    <Avatar variant="rounded" src={upload.preview} alt={t('uploader.previewOf', { name: upload.file.name })} sx={{ width: 56, height: 56, mr: 2 }} />
                  ) : (
                    <Avatar variant="rounded" sx={{ width: 56, height: 56, mr: 2 }}>
                      <InsertDriveFileOutlined />
                    </Avatar>
                  )}
                </ListItemAvatar>
                <ListItemText primary={upload.file.name} secondary={size(upload.file.size)} />
              </ListItem>
            ))}
          </List>
        )}
      </DemoCard>
    </ShowcasePage>
  );
}
