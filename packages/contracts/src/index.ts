export * from './errors';
export * from './content';
export * from './blocks';
export * from './access-key';
export * from './content-documents';
export * from './analytics';
