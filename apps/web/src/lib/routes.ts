export {
  defaultRoutes,
  isRouteName,
  resolveRoutes,
  type FixedRoutes,
  type RouteName,
} from '@meridian/contracts';
