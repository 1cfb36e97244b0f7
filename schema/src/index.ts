export * from './constants/limits';
export * from './constants/enums';
export * from './constants/features';
export * from './constants/messages';
export * from './validators/auth';
