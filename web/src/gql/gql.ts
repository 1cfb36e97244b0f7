/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "fragment AccessTokenRow_token on AccessToken {\n  id\n  name\n  scopes\n  prefix\n  createdAt\n  expiresAt\n  lastUsedAt\n}": typeof types.AccessTokenRow_TokenFragmentDoc,
    "query AccessTokens {\n  accessTokens {\n    ...AccessTokenRow_token\n  }\n}": typeof types.AccessTokensDocument,
    "mutation CreateAccessToken($input: CreateAccessTokenInput!) {\n  createAccessToken(input: $input) {\n    token\n    accessToken {\n      ...AccessTokenRow_token\n    }\n  }\n}": typeof types.CreateAccessTokenDocument,
    "mutation RevokeAccessToken($id: ID!) {\n  revokeAccessToken(id: $id)\n}": typeof types.RevokeAccessTokenDocument,
    "mutation ForgotPassword($email: String!) {\n  forgotPassword(email: $email)\n}": typeof types.ForgotPasswordDocument,
    "mutation Login($input: LoginInput!) {\n  login(input: $input) {\n    ...SessionUser\n  }\n}": typeof types.LoginDocument,
    "mutation Logout {\n  logout\n}": typeof types.LogoutDocument,
    "query Me {\n  me {\n    ...SessionUser\n  }\n}": typeof types.MeDocument,
    "query PasswordResetTokenValid($token: String!) {\n  passwordResetTokenValid(token: $token)\n}": typeof types.PasswordResetTokenValidDocument,
    "mutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    ...SessionUser\n  }\n}": typeof types.RegisterDocument,
    "mutation ResetPassword($input: ResetPasswordInput!) {\n  resetPassword(input: $input)\n}": typeof types.ResetPasswordDocument,
    "fragment SessionUser on User {\n  id\n  username\n  email\n  firstName\n  lastName\n  phone\n  address\n  city\n  postalCode\n  age\n  bio\n  profilePicture\n  isLandlord\n  agencyName\n  siren\n  professionalCard\n  isVerified\n  lastLoginAt\n  createdAt\n  role\n}": typeof types.SessionUserFragmentDoc,
    "fragment ConversationRow on ConversationSummary {\n  id\n  lastActivityAt\n  unreadCount\n  propertyId\n  propertyTitle\n  warned\n  participant {\n    id\n    username\n    firstName\n    lastName\n    profilePicture\n  }\n}": typeof types.ConversationRowFragmentDoc,
    "subscription ConversationUpdated {\n  conversationUpdated {\n    conversation {\n      ...ConversationRow\n    }\n    unreadMessageCount\n  }\n}": typeof types.ConversationUpdatedDocument,
    "query ConversationThread($id: ID!) {\n  conversation(id: $id) {\n    conversation {\n      id\n      propertyId\n      lastActivityAt\n    }\n    participant {\n      id\n      username\n      firstName\n      lastName\n      profilePicture\n    }\n    property {\n      id\n      title\n    }\n    propertyTitle\n    messages {\n      ...MessageFields\n    }\n    trustWarning {\n      message\n      signals\n      reportTargetType\n      reportTargetId\n    }\n    documentsWarning\n  }\n}": typeof types.ConversationThreadDocument,
    "query Conversations {\n  conversations {\n    ...ConversationRow\n  }\n}": typeof types.ConversationsDocument,
    "mutation MarkConversationRead($conversationId: ID!) {\n  markConversationRead(conversationId: $conversationId) {\n    ...ConversationRow\n  }\n}": typeof types.MarkConversationReadDocument,
    "subscription MessageAdded($conversationId: ID!) {\n  messageAdded(conversationId: $conversationId) {\n    ...MessageFields\n  }\n}": typeof types.MessageAddedDocument,
    "fragment MessageFields on Message {\n  id\n  conversationId\n  senderId\n  content\n  isRead\n  sentAt\n  messageType\n  attachedFileIds\n  revokedFileIds\n  attachmentShares {\n    fileId\n    expiresAt\n    status\n  }\n  attachedFiles {\n    id\n    title\n    fileType\n    fileUrl\n    originalName\n    mimeType\n  }\n}": typeof types.MessageFieldsFragmentDoc,
    "mutation RevokeTenantFileAccess($conversationId: ID!, $fileId: ID!) {\n  revokeTenantFileAccess(conversationId: $conversationId, fileId: $fileId)\n}": typeof types.RevokeTenantFileAccessDocument,
    "mutation SendMessage($conversationId: ID!, $content: String, $attachedFileIds: [ID!], $shareDays: Int) {\n  sendMessage(\n    conversationId: $conversationId\n    content: $content\n    attachedFileIds: $attachedFileIds\n    shareDays: $shareDays\n  ) {\n    ...MessageFields\n  }\n}": typeof types.SendMessageDocument,
    "subscription UnreadMessagesUpdated {\n  conversationUpdated {\n    conversation {\n      id\n      unreadCount\n      propertyTitle\n      participant {\n        id\n        username\n        firstName\n        lastName\n      }\n    }\n    unreadMessageCount\n  }\n}": typeof types.UnreadMessagesUpdatedDocument,
    "query PropertyByRef($ref: String!) {\n  propertyByRef(ref: $ref) {\n    id\n  }\n}": typeof types.PropertyByRefDocument,
    "query SimulationEnabled {\n  simulationEnabled\n}": typeof types.SimulationEnabledDocument,
    "query DashboardUnreadMessageCount {\n  unreadMessageCount\n}": typeof types.DashboardUnreadMessageCountDocument,
    "mutation ReportLocation($latitude: Float!, $longitude: Float!, $accuracy: Float, $timestamp: DateTimeISO, $clientId: String) {\n  reportLocation(\n    latitude: $latitude\n    longitude: $longitude\n    accuracy: $accuracy\n    timestamp: $timestamp\n    clientId: $clientId\n  ) {\n    matched\n    newDiscoveries {\n      id\n      title\n    }\n  }\n}": typeof types.ReportLocationDocument,
    "mutation ReportLocations($fixes: [LocationFixInput!]!) {\n  reportLocations(fixes: $fixes) {\n    stored\n    duplicates\n    discovered\n  }\n}": typeof types.ReportLocationsDocument,
    "mutation AddFavorite($propertyId: ID!) {\n  addFavorite(propertyId: $propertyId) {\n    ...FavoriteCard_item\n  }\n}": typeof types.AddFavoriteDocument,
    "fragment FavoriteCard_item on FavoriteItem {\n  favorite {\n    id\n    createdAt\n  }\n  property {\n    ...PropertyCard_property\n  }\n}": typeof types.FavoriteCard_ItemFragmentDoc,
    "query Favorites {\n  favorites {\n    ...FavoriteCard_item\n    property {\n      ...MarketBadge_property\n    }\n  }\n}": typeof types.FavoritesDocument,
    "mutation RemoveFavorite($propertyId: ID!) {\n  removeFavorite(propertyId: $propertyId)\n}": typeof types.RemoveFavoriteDocument,
    "subscription FeedImportChanged {\n  feedImportChanged {\n    ...FeedImportSummary_import\n  }\n}": typeof types.FeedImportChangedDocument,
    "query FeedImportReport($id: ID!) {\n  feedImport(id: $id) {\n    ...FeedImportSummary_import\n    report {\n      line\n      reference\n      field\n      message\n    }\n  }\n}": typeof types.FeedImportReportDocument,
    "fragment FeedImportSummary_import on FeedImport {\n  id\n  status\n  statusLabel\n  lines\n  created\n  updated\n  unchanged\n  withdrawn\n  refused\n  drafts\n  error\n  createdAt\n  finishedAt\n}": typeof types.FeedImportSummary_ImportFragmentDoc,
    "query FeedImports {\n  feedImports {\n    ...FeedImportSummary_import\n  }\n}": typeof types.FeedImportsDocument,
    "fragment FeedSource_source on FeedSource {\n  url\n  nextFetchAt\n  lastFetchAt\n  lastError\n}": typeof types.FeedSource_SourceFragmentDoc,
    "query FeedSource {\n  feedSource {\n    ...FeedSource_source\n  }\n}": typeof types.FeedSourceDocument,
    "mutation FetchFeedSource {\n  fetchFeedSource\n}": typeof types.FetchFeedSourceDocument,
    "mutation ImportFeed($feed: Upload!) {\n  importFeed(feed: $feed) {\n    ...FeedImportSummary_import\n  }\n}": typeof types.ImportFeedDocument,
    "mutation RemoveFeedSource {\n  removeFeedSource\n}": typeof types.RemoveFeedSourceDocument,
    "mutation SetFeedSource($url: String!) {\n  setFeedSource(url: $url) {\n    ...FeedSource_source\n  }\n}": typeof types.SetFeedSourceDocument,
    "query Geocode($query: String!) {\n  geocode(query: $query) {\n    label\n    city\n    postcode\n    latitude\n    longitude\n    score\n  }\n}": typeof types.GeocodeDocument,
    "subscription DiscoveryAdded {\n  discoveryAdded {\n    ...HistoryCard_item\n  }\n}": typeof types.DiscoveryAddedDocument,
    "fragment HistoryCard_item on HistoryItem {\n  entry {\n    id\n    isViewed\n    viewedAt\n    propertyId\n    source\n  }\n  property {\n    ...PropertyCard_property\n  }\n}": typeof types.HistoryCard_ItemFragmentDoc,
    "query History($since: String) {\n  history(since: $since) {\n    ...HistoryCard_item\n    property {\n      ...MarketBadge_property\n      ...AlsoPublishedBy_property\n    }\n  }\n}": typeof types.HistoryDocument,
    "mutation SimulateDiscovery {\n  simulateDiscovery {\n    ...HistoryCard_item\n  }\n}": typeof types.SimulateDiscoveryDocument,
    "fragment MarketBadge_property on Property {\n  marketPosition\n}": typeof types.MarketBadge_PropertyFragmentDoc,
    "query PropertyMarket($id: ID!) {\n  property(id: $id) {\n    id\n    market {\n      sales {\n        enough\n        count\n        radiusM\n        commune\n        since\n        pricePerM2\n        medianPricePerM2\n        p25PricePerM2\n        p75PricePerM2\n        differencePercent\n        position\n        source\n        dataUntil\n        sales {\n          dateMutation\n          type\n          rooms\n          surface\n          price\n          pricePerM2\n          street\n        }\n      }\n      rent {\n        commune\n        year\n        predictedPerM2\n        lowerPerM2\n        upperPerM2\n        rentPerM2\n        differencePercent\n        position\n        source\n      }\n    }\n  }\n}": typeof types.PropertyMarketDocument,
    "query RecentSales($near: SalesNearInput!, $first: Int) {\n  sales(near: $near, first: $first) {\n    nodes {\n      dateMutation\n      type\n      surface\n      price\n      pricePerM2\n      street\n      latitude\n      longitude\n    }\n    pageInfo {\n      hasNextPage\n    }\n    source\n  }\n}": typeof types.RecentSalesDocument,
    "fragment AlsoPublishedBy_property on Property {\n  alsoPublishedBy {\n    name\n    isAgency\n    propertyId\n  }\n}": typeof types.AlsoPublishedBy_PropertyFragmentDoc,
    "mutation ContestModerationAction($id: ID!, $message: String!) {\n  contestModerationAction(id: $id, message: $message) {\n    ...ModerationActionFields\n  }\n}": typeof types.ContestModerationActionDocument,
    "mutation CreateReport($input: ReportInput!) {\n  createReport(input: $input) {\n    id\n    targetType\n    targetId\n    reason\n    createdAt\n  }\n}": typeof types.CreateReportDocument,
    "mutation Moderate($input: ModerationActionInput!) {\n  moderate(input: $input) {\n    ...ModerationActionFields\n  }\n}": typeof types.ModerateDocument,
    "fragment ModerationActionFields on ModerationAction {\n  id\n  action\n  targetType\n  targetId\n  reason\n  createdAt\n  contest\n  contestedAt\n}": typeof types.ModerationActionFieldsFragmentDoc,
    "query ModerationQueue {\n  moderationQueue {\n    listings {\n      propertyId\n      title\n      ownerId\n      ownerUsername\n      hidden\n      reportCount\n      flaggedMessageCount\n      score\n      reasons\n    }\n    accounts {\n      userId\n      username\n      suspended\n      reportCount\n      flaggedMessageCount\n      score\n      reasons\n    }\n  }\n}": typeof types.ModerationQueueDocument,
    "query MyModerationActions {\n  myModerationActions {\n    ...ModerationActionFields\n  }\n}": typeof types.MyModerationActionsDocument,
    "fragment NotificationSettings_settings on NotificationSettings {\n  passingAlerts\n  messageAlerts\n  quietHours {\n    start\n    end\n  }\n  maxPerDay\n  minIntervalMinutes\n}": typeof types.NotificationSettings_SettingsFragmentDoc,
    "query NotificationSettings {\n  notificationSettings {\n    ...NotificationSettings_settings\n  }\n}": typeof types.NotificationSettingsDocument,
    "query PushPublicKey {\n  pushPublicKey\n}": typeof types.PushPublicKeyDocument,
    "mutation SendTestNotification {\n  sendTestNotification\n}": typeof types.SendTestNotificationDocument,
    "mutation SubscribePush($subscription: PushSubscriptionInput!) {\n  subscribePush(subscription: $subscription) {\n    id\n  }\n}": typeof types.SubscribePushDocument,
    "mutation UnsubscribePush($endpoint: String!) {\n  unsubscribePush(endpoint: $endpoint)\n}": typeof types.UnsubscribePushDocument,
    "mutation UpdateNotificationSettings($input: NotificationSettingsInput!) {\n  updateNotificationSettings(input: $input) {\n    ...NotificationSettings_settings\n  }\n}": typeof types.UpdateNotificationSettingsDocument,
    "query Preferences {\n  preferences {\n    searchFilters {\n      ...SearchFilters_filters\n    }\n  }\n}": typeof types.PreferencesDocument,
    "mutation SavePreferences($searchFilters: SearchFiltersInput!) {\n  savePreferences(searchFilters: $searchFilters) {\n    searchFilters {\n      ...SearchFilters_filters\n    }\n  }\n}": typeof types.SavePreferencesDocument,
    "fragment SearchFilters_filters on SearchFilters {\n  propertyStatus\n  propertyType\n  radius\n  priceMin\n  priceMax\n  sizeMin\n  sizeMax\n  bedrooms\n  roomsMin\n  bathrooms\n  features\n  zone {\n    latitude\n    longitude\n  }\n  energyMax\n}": typeof types.SearchFilters_FiltersFragmentDoc,
    "mutation CreateProperty($input: PropertyInput!) {\n  createProperty(input: $input) {\n    ...ListingFields\n  }\n}": typeof types.CreatePropertyDocument,
    "mutation DeleteProperty($id: ID!) {\n  deleteProperty(id: $id)\n}": typeof types.DeletePropertyDocument,
    "query ExploreProperties($filter: PropertyFilterInput!, $first: Int) {\n  properties(filter: $filter, first: $first) {\n    nodes {\n      ...PropertyCard_property\n      ...MarketBadge_property\n      ...AlsoPublishedBy_property\n      distanceM\n    }\n    pageInfo {\n      hasNextPage\n    }\n  }\n}": typeof types.ExplorePropertiesDocument,
    "fragment LegalMentionFields on Property {\n  energyCostMin\n  energyCostMax\n  energyPricesYear\n  isNewBuild\n  charges\n  chargesMode\n  deposit\n  furnished\n  baseRent\n  referenceRentMajored\n  rentSupplement\n  tenantFees\n  inventoryFees\n  coOwnership {\n    lots\n    annualCharges\n    proceedings\n  }\n  advertiser\n  feesPaidBy\n  buyerFeesPercent\n}": typeof types.LegalMentionFieldsFragmentDoc,
    "fragment ListingFields on Property {\n  id\n  ref\n  title\n  description\n  price\n  currency\n  isRental\n  size\n  rooms\n  bedrooms\n  bathrooms\n  floor\n  address\n  city\n  postalCode\n  latitude\n  longitude\n  type\n  dpeRating\n  gesRating\n  ...LegalMentionFields\n  features\n  images\n  ownerId\n  ownerName\n  ownerEmail\n  ownerPhone\n  createdAt\n  updatedAt\n  verifiedOnSiteAt\n  hiddenAt\n}": typeof types.ListingFieldsFragmentDoc,
    "query ListingForEdit($id: ID!) {\n  property(id: $id) {\n    ...ListingFields\n  }\n}": typeof types.ListingForEditDocument,
    "fragment ListingStats_stats on PropertyStats {\n  days\n  passedBy\n  viewed\n  favorited\n  contacted\n  previous {\n    passedBy\n    viewed\n    favorited\n    contacted\n  }\n}": typeof types.ListingStats_StatsFragmentDoc,
    "query ListingStats($id: ID!, $days: Int!) {\n  property(id: $id) {\n    id\n    stats(days: $days) {\n      ...ListingStats_stats\n    }\n  }\n}": typeof types.ListingStatsDocument,
    "query MyListingStats($days: Int!) {\n  myProperties {\n    id\n    stats(days: $days) {\n      ...ListingStats_stats\n    }\n  }\n}": typeof types.MyListingStatsDocument,
    "query MyProperties {\n  myProperties {\n    ...ListingFields\n  }\n}": typeof types.MyPropertiesDocument,
    "fragment PropertyCard_property on Property {\n  id\n  title\n  address\n  city\n  postalCode\n  size\n  rooms\n  price\n  formerPrice\n  currency\n  isRental\n  type\n  images\n  photos {\n    url\n    srcset\n    width\n    height\n  }\n  latitude\n  longitude\n  verifiedOnSiteAt\n  dpeRating\n  gesRating\n}": typeof types.PropertyCard_PropertyFragmentDoc,
    "fragment PropertyDetail_property on Property {\n  ...PropertyCard_property\n  description\n  size\n  rooms\n  bedrooms\n  bathrooms\n  floor\n  features\n  ownerId\n  ownerName\n  ownerPhone\n  owner {\n    id\n    username\n    firstName\n    lastName\n    agencyName\n    professionalCard\n  }\n  listingState\n  draftReason\n  hiddenAt\n  ...LegalMentionFields\n  rentControlled\n  priceHistory {\n    price\n    changedAt\n  }\n}": typeof types.PropertyDetail_PropertyFragmentDoc,
    "query PropertyDetail($id: ID!) {\n  property(id: $id) {\n    ...PropertyDetail_property\n  }\n}": typeof types.PropertyDetailDocument,
    "mutation RecordView($propertyId: ID!) {\n  recordView(propertyId: $propertyId) {\n    id\n    isViewed\n    viewedAt\n    propertyId\n    source\n  }\n}": typeof types.RecordViewDocument,
    "mutation StartPropertyConversation($otherUserId: ID!, $propertyId: ID!) {\n  startConversation(otherUserId: $otherUserId, propertyId: $propertyId) {\n    id\n  }\n}": typeof types.StartPropertyConversationDocument,
    "mutation UpdateProperty($id: ID!, $input: PropertyInput!) {\n  updateProperty(id: $id, input: $input) {\n    ...ListingFields\n  }\n}": typeof types.UpdatePropertyDocument,
    "mutation UploadPropertyImages($files: [Upload!]!) {\n  uploadPropertyImages(files: $files)\n}": typeof types.UploadPropertyImagesDocument,
    "mutation VerifyOnSite($propertyId: ID!, $latitude: Float!, $longitude: Float!, $accuracy: Float!) {\n  verifyOnSite(\n    propertyId: $propertyId\n    latitude: $latitude\n    longitude: $longitude\n    accuracy: $accuracy\n  ) {\n    id\n    verifiedOnSiteAt\n  }\n}": typeof types.VerifyOnSiteDocument,
    "mutation CreateTenantFile($input: TenantFileInput!) {\n  createTenantFile(input: $input) {\n    ...TenantFileFields\n  }\n}": typeof types.CreateTenantFileDocument,
    "mutation DeleteTenantFile($id: ID!) {\n  deleteTenantFile(id: $id)\n}": typeof types.DeleteTenantFileDocument,
    "mutation ExtendTenantFileShare($fileId: ID!, $conversationId: ID!, $days: Int!) {\n  extendTenantFileShare(\n    fileId: $fileId\n    conversationId: $conversationId\n    days: $days\n  ) {\n    conversationId\n    expiresAt\n    status\n  }\n}": typeof types.ExtendTenantFileShareDocument,
    "query TenantFileActivity {\n  tenantFiles {\n    id\n    accessLog {\n      id\n      readerFirstName\n      conversationId\n      kind\n      accessedAt\n    }\n    shares {\n      conversationId\n      recipientFirstName\n      expiresAt\n      revokedAt\n      status\n    }\n  }\n}": typeof types.TenantFileActivityDocument,
    "fragment TenantFileFields on TenantFile {\n  id\n  title\n  description\n  fileType\n  fileUrl\n  originalName\n  mimeType\n  sizeBytes\n  verified\n  uploadedAt\n}": typeof types.TenantFileFieldsFragmentDoc,
    "query TenantFiles {\n  tenantFiles {\n    ...TenantFileFields\n  }\n}": typeof types.TenantFilesDocument,
    "mutation UploadTenantFile($file: Upload!) {\n  uploadTenantFile(file: $file) {\n    fileUrl\n    originalName\n  }\n}": typeof types.UploadTenantFileDocument,
    "mutation ChangePassword($currentPassword: String!, $newPassword: String!) {\n  changePassword(currentPassword: $currentPassword, newPassword: $newPassword)\n}": typeof types.ChangePasswordDocument,
    "mutation DeleteAccount($password: String!) {\n  deleteAccount(password: $password)\n}": typeof types.DeleteAccountDocument,
    "mutation EraseMyLocations {\n  eraseMyLocations\n}": typeof types.EraseMyLocationsDocument,
    "query ExportMyData {\n  exportMyData\n}": typeof types.ExportMyDataDocument,
    "query PublicProfile($username: String!) {\n  user(username: $username) {\n    id\n    username\n    firstName\n    lastName\n    bio\n    profilePicture\n    isLandlord\n    agencyName\n    professionalCard\n    isVerified\n    createdAt\n  }\n}": typeof types.PublicProfileDocument,
    "mutation UpdateProfile($input: ProfileInput!) {\n  updateProfile(input: $input) {\n    ...SessionUser\n  }\n}": typeof types.UpdateProfileDocument,
    "mutation UploadProfilePicture($file: Upload!) {\n  uploadProfilePicture(file: $file) {\n    ...SessionUser\n  }\n}": typeof types.UploadProfilePictureDocument,
    "mutation AnswerVisitSlot($id: ID!, $confirm: Boolean!) {\n  answerVisitSlot(id: $id, confirm: $confirm) {\n    ...SentVisitRequest\n  }\n}": typeof types.AnswerVisitSlotDocument,
    "query MyVisitRequest($propertyId: ID!) {\n  myVisitRequest(propertyId: $propertyId) {\n    ...OwnVisitRequest\n  }\n}\n\nfragment OwnVisitRequest on VisitRequest {\n  id\n  status\n  message\n  propertyId\n  proposedAt\n  slotMinutes\n  slotAnswer\n  createdAt\n  updatedAt\n}": typeof types.MyVisitRequestDocument,
    "query ReceivedVisitRequests {\n  visitRequests {\n    asOwner {\n      ...ReceivedVisitRequest\n    }\n  }\n}\n\nfragment ReceivedVisitRequest on VisitRequest {\n  id\n  status\n  message\n  createdAt\n  updatedAt\n  propertyId\n  proposedAt\n  slotMinutes\n  slotAnswer\n  property {\n    id\n    title\n  }\n  requester {\n    id\n    username\n    firstName\n    lastName\n    profilePicture\n  }\n}": typeof types.ReceivedVisitRequestsDocument,
    "mutation RequestVisit($propertyId: ID!, $message: String) {\n  requestVisit(propertyId: $propertyId, message: $message) {\n    ...OwnVisitRequest\n  }\n}": typeof types.RequestVisitDocument,
    "mutation RespondToVisitRequest($id: ID!, $approve: Boolean!, $proposedAt: DateTimeISO, $slotMinutes: Int) {\n  respondToVisitRequest(\n    id: $id\n    approve: $approve\n    proposedAt: $proposedAt\n    slotMinutes: $slotMinutes\n  ) {\n    ...ReceivedVisitRequest\n  }\n}": typeof types.RespondToVisitRequestDocument,
    "query SentVisitRequests {\n  visitRequests {\n    asRequester {\n      ...SentVisitRequest\n    }\n  }\n}\n\nfragment SentVisitRequest on VisitRequest {\n  id\n  status\n  propertyId\n  proposedAt\n  slotMinutes\n  slotAnswer\n  createdAt\n  updatedAt\n  property {\n    id\n    title\n  }\n}": typeof types.SentVisitRequestsDocument,
    "subscription VisitRequestChanged {\n  visitRequestChanged {\n    ...ReceivedVisitRequest\n    requesterId\n  }\n}": typeof types.VisitRequestChangedDocument,
    "query LatestWalkPassed {\n  walks(first: 1) {\n    nodes {\n      id\n      startedAt\n      endedAt\n      passed {\n        positions\n        passed\n        matching\n        excluded {\n          criterion\n          count\n        }\n      }\n    }\n  }\n}": typeof types.LatestWalkPassedDocument,
    "query PassedAround($latitude: Float!, $longitude: Float!, $searchFilters: SearchFiltersInput) {\n  passedAround(\n    latitude: $latitude\n    longitude: $longitude\n    searchFilters: $searchFilters\n  ) {\n    passed\n    matching\n    excluded {\n      criterion\n      count\n    }\n  }\n}": typeof types.PassedAroundDocument,
    "fragment StreetSalesLine_walk on Walk {\n  streetSales {\n    count\n    enough\n    medianPricePerM2\n    firstSaleOn\n    since\n    source\n    dataUntil\n  }\n}": typeof types.StreetSalesLine_WalkFragmentDoc,
    "fragment WalkSummary_walk on Walk {\n  id\n  startedAt\n  endedAt\n  lastFixAt\n  distanceM\n  discoveryCount\n}": typeof types.WalkSummary_WalkFragmentDoc,
    "query Walk($id: ID!) {\n  walk(id: $id) {\n    ...WalkSummary_walk\n    ...StreetSalesLine_walk\n    path {\n      latitude\n      longitude\n      timestamp\n    }\n    discoveries {\n      ...HistoryCard_item\n      property {\n        ...MarketBadge_property\n      }\n    }\n    nearMisses {\n      missed\n      distanceM\n      property {\n        ...PropertyCard_property\n        ...MarketBadge_property\n      }\n    }\n  }\n}": typeof types.WalkDocument,
    "query Walks($first: Int, $after: String) {\n  walks(first: $first, after: $after) {\n    nodes {\n      ...WalkSummary_walk\n      ...StreetSalesLine_walk\n    }\n    pageInfo {\n      endCursor\n      hasNextPage\n    }\n  }\n}": typeof types.WalksDocument,
};
const documents: Documents = {
    "fragment AccessTokenRow_token on AccessToken {\n  id\n  name\n  scopes\n  prefix\n  createdAt\n  expiresAt\n  lastUsedAt\n}": types.AccessTokenRow_TokenFragmentDoc,
    "query AccessTokens {\n  accessTokens {\n    ...AccessTokenRow_token\n  }\n}": types.AccessTokensDocument,
    "mutation CreateAccessToken($input: CreateAccessTokenInput!) {\n  createAccessToken(input: $input) {\n    token\n    accessToken {\n      ...AccessTokenRow_token\n    }\n  }\n}": types.CreateAccessTokenDocument,
    "mutation RevokeAccessToken($id: ID!) {\n  revokeAccessToken(id: $id)\n}": types.RevokeAccessTokenDocument,
    "mutation ForgotPassword($email: String!) {\n  forgotPassword(email: $email)\n}": types.ForgotPasswordDocument,
    "mutation Login($input: LoginInput!) {\n  login(input: $input) {\n    ...SessionUser\n  }\n}": types.LoginDocument,
    "mutation Logout {\n  logout\n}": types.LogoutDocument,
    "query Me {\n  me {\n    ...SessionUser\n  }\n}": types.MeDocument,
    "query PasswordResetTokenValid($token: String!) {\n  passwordResetTokenValid(token: $token)\n}": types.PasswordResetTokenValidDocument,
    "mutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    ...SessionUser\n  }\n}": types.RegisterDocument,
    "mutation ResetPassword($input: ResetPasswordInput!) {\n  resetPassword(input: $input)\n}": types.ResetPasswordDocument,
    "fragment SessionUser on User {\n  id\n  username\n  email\n  firstName\n  lastName\n  phone\n  address\n  city\n  postalCode\n  age\n  bio\n  profilePicture\n  isLandlord\n  agencyName\n  siren\n  professionalCard\n  isVerified\n  lastLoginAt\n  createdAt\n  role\n}": types.SessionUserFragmentDoc,
    "fragment ConversationRow on ConversationSummary {\n  id\n  lastActivityAt\n  unreadCount\n  propertyId\n  propertyTitle\n  warned\n  participant {\n    id\n    username\n    firstName\n    lastName\n    profilePicture\n  }\n}": types.ConversationRowFragmentDoc,
    "subscription ConversationUpdated {\n  conversationUpdated {\n    conversation {\n      ...ConversationRow\n    }\n    unreadMessageCount\n  }\n}": types.ConversationUpdatedDocument,
    "query ConversationThread($id: ID!) {\n  conversation(id: $id) {\n    conversation {\n      id\n      propertyId\n      lastActivityAt\n    }\n    participant {\n      id\n      username\n      firstName\n      lastName\n      profilePicture\n    }\n    property {\n      id\n      title\n    }\n    propertyTitle\n    messages {\n      ...MessageFields\n    }\n    trustWarning {\n      message\n      signals\n      reportTargetType\n      reportTargetId\n    }\n    documentsWarning\n  }\n}": types.ConversationThreadDocument,
    "query Conversations {\n  conversations {\n    ...ConversationRow\n  }\n}": types.ConversationsDocument,
    "mutation MarkConversationRead($conversationId: ID!) {\n  markConversationRead(conversationId: $conversationId) {\n    ...ConversationRow\n  }\n}": types.MarkConversationReadDocument,
    "subscription MessageAdded($conversationId: ID!) {\n  messageAdded(conversationId: $conversationId) {\n    ...MessageFields\n  }\n}": types.MessageAddedDocument,
    "fragment MessageFields on Message {\n  id\n  conversationId\n  senderId\n  content\n  isRead\n  sentAt\n  messageType\n  attachedFileIds\n  revokedFileIds\n  attachmentShares {\n    fileId\n    expiresAt\n    status\n  }\n  attachedFiles {\n    id\n    title\n    fileType\n    fileUrl\n    originalName\n    mimeType\n  }\n}": types.MessageFieldsFragmentDoc,
    "mutation RevokeTenantFileAccess($conversationId: ID!, $fileId: ID!) {\n  revokeTenantFileAccess(conversationId: $conversationId, fileId: $fileId)\n}": types.RevokeTenantFileAccessDocument,
    "mutation SendMessage($conversationId: ID!, $content: String, $attachedFileIds: [ID!], $shareDays: Int) {\n  sendMessage(\n    conversationId: $conversationId\n    content: $content\n    attachedFileIds: $attachedFileIds\n    shareDays: $shareDays\n  ) {\n    ...MessageFields\n  }\n}": types.SendMessageDocument,
    "subscription UnreadMessagesUpdated {\n  conversationUpdated {\n    conversation {\n      id\n      unreadCount\n      propertyTitle\n      participant {\n        id\n        username\n        firstName\n        lastName\n      }\n    }\n    unreadMessageCount\n  }\n}": types.UnreadMessagesUpdatedDocument,
    "query PropertyByRef($ref: String!) {\n  propertyByRef(ref: $ref) {\n    id\n  }\n}": types.PropertyByRefDocument,
    "query SimulationEnabled {\n  simulationEnabled\n}": types.SimulationEnabledDocument,
    "query DashboardUnreadMessageCount {\n  unreadMessageCount\n}": types.DashboardUnreadMessageCountDocument,
    "mutation ReportLocation($latitude: Float!, $longitude: Float!, $accuracy: Float, $timestamp: DateTimeISO, $clientId: String) {\n  reportLocation(\n    latitude: $latitude\n    longitude: $longitude\n    accuracy: $accuracy\n    timestamp: $timestamp\n    clientId: $clientId\n  ) {\n    matched\n    newDiscoveries {\n      id\n      title\n    }\n  }\n}": types.ReportLocationDocument,
    "mutation ReportLocations($fixes: [LocationFixInput!]!) {\n  reportLocations(fixes: $fixes) {\n    stored\n    duplicates\n    discovered\n  }\n}": types.ReportLocationsDocument,
    "mutation AddFavorite($propertyId: ID!) {\n  addFavorite(propertyId: $propertyId) {\n    ...FavoriteCard_item\n  }\n}": types.AddFavoriteDocument,
    "fragment FavoriteCard_item on FavoriteItem {\n  favorite {\n    id\n    createdAt\n  }\n  property {\n    ...PropertyCard_property\n  }\n}": types.FavoriteCard_ItemFragmentDoc,
    "query Favorites {\n  favorites {\n    ...FavoriteCard_item\n    property {\n      ...MarketBadge_property\n    }\n  }\n}": types.FavoritesDocument,
    "mutation RemoveFavorite($propertyId: ID!) {\n  removeFavorite(propertyId: $propertyId)\n}": types.RemoveFavoriteDocument,
    "subscription FeedImportChanged {\n  feedImportChanged {\n    ...FeedImportSummary_import\n  }\n}": types.FeedImportChangedDocument,
    "query FeedImportReport($id: ID!) {\n  feedImport(id: $id) {\n    ...FeedImportSummary_import\n    report {\n      line\n      reference\n      field\n      message\n    }\n  }\n}": types.FeedImportReportDocument,
    "fragment FeedImportSummary_import on FeedImport {\n  id\n  status\n  statusLabel\n  lines\n  created\n  updated\n  unchanged\n  withdrawn\n  refused\n  drafts\n  error\n  createdAt\n  finishedAt\n}": types.FeedImportSummary_ImportFragmentDoc,
    "query FeedImports {\n  feedImports {\n    ...FeedImportSummary_import\n  }\n}": types.FeedImportsDocument,
    "fragment FeedSource_source on FeedSource {\n  url\n  nextFetchAt\n  lastFetchAt\n  lastError\n}": types.FeedSource_SourceFragmentDoc,
    "query FeedSource {\n  feedSource {\n    ...FeedSource_source\n  }\n}": types.FeedSourceDocument,
    "mutation FetchFeedSource {\n  fetchFeedSource\n}": types.FetchFeedSourceDocument,
    "mutation ImportFeed($feed: Upload!) {\n  importFeed(feed: $feed) {\n    ...FeedImportSummary_import\n  }\n}": types.ImportFeedDocument,
    "mutation RemoveFeedSource {\n  removeFeedSource\n}": types.RemoveFeedSourceDocument,
    "mutation SetFeedSource($url: String!) {\n  setFeedSource(url: $url) {\n    ...FeedSource_source\n  }\n}": types.SetFeedSourceDocument,
    "query Geocode($query: String!) {\n  geocode(query: $query) {\n    label\n    city\n    postcode\n    latitude\n    longitude\n    score\n  }\n}": types.GeocodeDocument,
    "subscription DiscoveryAdded {\n  discoveryAdded {\n    ...HistoryCard_item\n  }\n}": types.DiscoveryAddedDocument,
    "fragment HistoryCard_item on HistoryItem {\n  entry {\n    id\n    isViewed\n    viewedAt\n    propertyId\n    source\n  }\n  property {\n    ...PropertyCard_property\n  }\n}": types.HistoryCard_ItemFragmentDoc,
    "query History($since: String) {\n  history(since: $since) {\n    ...HistoryCard_item\n    property {\n      ...MarketBadge_property\n      ...AlsoPublishedBy_property\n    }\n  }\n}": types.HistoryDocument,
    "mutation SimulateDiscovery {\n  simulateDiscovery {\n    ...HistoryCard_item\n  }\n}": types.SimulateDiscoveryDocument,
    "fragment MarketBadge_property on Property {\n  marketPosition\n}": types.MarketBadge_PropertyFragmentDoc,
    "query PropertyMarket($id: ID!) {\n  property(id: $id) {\n    id\n    market {\n      sales {\n        enough\n        count\n        radiusM\n        commune\n        since\n        pricePerM2\n        medianPricePerM2\n        p25PricePerM2\n        p75PricePerM2\n        differencePercent\n        position\n        source\n        dataUntil\n        sales {\n          dateMutation\n          type\n          rooms\n          surface\n          price\n          pricePerM2\n          street\n        }\n      }\n      rent {\n        commune\n        year\n        predictedPerM2\n        lowerPerM2\n        upperPerM2\n        rentPerM2\n        differencePercent\n        position\n        source\n      }\n    }\n  }\n}": types.PropertyMarketDocument,
    "query RecentSales($near: SalesNearInput!, $first: Int) {\n  sales(near: $near, first: $first) {\n    nodes {\n      dateMutation\n      type\n      surface\n      price\n      pricePerM2\n      street\n      latitude\n      longitude\n    }\n    pageInfo {\n      hasNextPage\n    }\n    source\n  }\n}": types.RecentSalesDocument,
    "fragment AlsoPublishedBy_property on Property {\n  alsoPublishedBy {\n    name\n    isAgency\n    propertyId\n  }\n}": types.AlsoPublishedBy_PropertyFragmentDoc,
    "mutation ContestModerationAction($id: ID!, $message: String!) {\n  contestModerationAction(id: $id, message: $message) {\n    ...ModerationActionFields\n  }\n}": types.ContestModerationActionDocument,
    "mutation CreateReport($input: ReportInput!) {\n  createReport(input: $input) {\n    id\n    targetType\n    targetId\n    reason\n    createdAt\n  }\n}": types.CreateReportDocument,
    "mutation Moderate($input: ModerationActionInput!) {\n  moderate(input: $input) {\n    ...ModerationActionFields\n  }\n}": types.ModerateDocument,
    "fragment ModerationActionFields on ModerationAction {\n  id\n  action\n  targetType\n  targetId\n  reason\n  createdAt\n  contest\n  contestedAt\n}": types.ModerationActionFieldsFragmentDoc,
    "query ModerationQueue {\n  moderationQueue {\n    listings {\n      propertyId\n      title\n      ownerId\n      ownerUsername\n      hidden\n      reportCount\n      flaggedMessageCount\n      score\n      reasons\n    }\n    accounts {\n      userId\n      username\n      suspended\n      reportCount\n      flaggedMessageCount\n      score\n      reasons\n    }\n  }\n}": types.ModerationQueueDocument,
    "query MyModerationActions {\n  myModerationActions {\n    ...ModerationActionFields\n  }\n}": types.MyModerationActionsDocument,
    "fragment NotificationSettings_settings on NotificationSettings {\n  passingAlerts\n  messageAlerts\n  quietHours {\n    start\n    end\n  }\n  maxPerDay\n  minIntervalMinutes\n}": types.NotificationSettings_SettingsFragmentDoc,
    "query NotificationSettings {\n  notificationSettings {\n    ...NotificationSettings_settings\n  }\n}": types.NotificationSettingsDocument,
    "query PushPublicKey {\n  pushPublicKey\n}": types.PushPublicKeyDocument,
    "mutation SendTestNotification {\n  sendTestNotification\n}": types.SendTestNotificationDocument,
    "mutation SubscribePush($subscription: PushSubscriptionInput!) {\n  subscribePush(subscription: $subscription) {\n    id\n  }\n}": types.SubscribePushDocument,
    "mutation UnsubscribePush($endpoint: String!) {\n  unsubscribePush(endpoint: $endpoint)\n}": types.UnsubscribePushDocument,
    "mutation UpdateNotificationSettings($input: NotificationSettingsInput!) {\n  updateNotificationSettings(input: $input) {\n    ...NotificationSettings_settings\n  }\n}": types.UpdateNotificationSettingsDocument,
    "query Preferences {\n  preferences {\n    searchFilters {\n      ...SearchFilters_filters\n    }\n  }\n}": types.PreferencesDocument,
    "mutation SavePreferences($searchFilters: SearchFiltersInput!) {\n  savePreferences(searchFilters: $searchFilters) {\n    searchFilters {\n      ...SearchFilters_filters\n    }\n  }\n}": types.SavePreferencesDocument,
    "fragment SearchFilters_filters on SearchFilters {\n  propertyStatus\n  propertyType\n  radius\n  priceMin\n  priceMax\n  sizeMin\n  sizeMax\n  bedrooms\n  roomsMin\n  bathrooms\n  features\n  zone {\n    latitude\n    longitude\n  }\n  energyMax\n}": types.SearchFilters_FiltersFragmentDoc,
    "mutation CreateProperty($input: PropertyInput!) {\n  createProperty(input: $input) {\n    ...ListingFields\n  }\n}": types.CreatePropertyDocument,
    "mutation DeleteProperty($id: ID!) {\n  deleteProperty(id: $id)\n}": types.DeletePropertyDocument,
    "query ExploreProperties($filter: PropertyFilterInput!, $first: Int) {\n  properties(filter: $filter, first: $first) {\n    nodes {\n      ...PropertyCard_property\n      ...MarketBadge_property\n      ...AlsoPublishedBy_property\n      distanceM\n    }\n    pageInfo {\n      hasNextPage\n    }\n  }\n}": types.ExplorePropertiesDocument,
    "fragment LegalMentionFields on Property {\n  energyCostMin\n  energyCostMax\n  energyPricesYear\n  isNewBuild\n  charges\n  chargesMode\n  deposit\n  furnished\n  baseRent\n  referenceRentMajored\n  rentSupplement\n  tenantFees\n  inventoryFees\n  coOwnership {\n    lots\n    annualCharges\n    proceedings\n  }\n  advertiser\n  feesPaidBy\n  buyerFeesPercent\n}": types.LegalMentionFieldsFragmentDoc,
    "fragment ListingFields on Property {\n  id\n  ref\n  title\n  description\n  price\n  currency\n  isRental\n  size\n  rooms\n  bedrooms\n  bathrooms\n  floor\n  address\n  city\n  postalCode\n  latitude\n  longitude\n  type\n  dpeRating\n  gesRating\n  ...LegalMentionFields\n  features\n  images\n  ownerId\n  ownerName\n  ownerEmail\n  ownerPhone\n  createdAt\n  updatedAt\n  verifiedOnSiteAt\n  hiddenAt\n}": types.ListingFieldsFragmentDoc,
    "query ListingForEdit($id: ID!) {\n  property(id: $id) {\n    ...ListingFields\n  }\n}": types.ListingForEditDocument,
    "fragment ListingStats_stats on PropertyStats {\n  days\n  passedBy\n  viewed\n  favorited\n  contacted\n  previous {\n    passedBy\n    viewed\n    favorited\n    contacted\n  }\n}": types.ListingStats_StatsFragmentDoc,
    "query ListingStats($id: ID!, $days: Int!) {\n  property(id: $id) {\n    id\n    stats(days: $days) {\n      ...ListingStats_stats\n    }\n  }\n}": types.ListingStatsDocument,
    "query MyListingStats($days: Int!) {\n  myProperties {\n    id\n    stats(days: $days) {\n      ...ListingStats_stats\n    }\n  }\n}": types.MyListingStatsDocument,
    "query MyProperties {\n  myProperties {\n    ...ListingFields\n  }\n}": types.MyPropertiesDocument,
    "fragment PropertyCard_property on Property {\n  id\n  title\n  address\n  city\n  postalCode\n  size\n  rooms\n  price\n  formerPrice\n  currency\n  isRental\n  type\n  images\n  photos {\n    url\n    srcset\n    width\n    height\n  }\n  latitude\n  longitude\n  verifiedOnSiteAt\n  dpeRating\n  gesRating\n}": types.PropertyCard_PropertyFragmentDoc,
    "fragment PropertyDetail_property on Property {\n  ...PropertyCard_property\n  description\n  size\n  rooms\n  bedrooms\n  bathrooms\n  floor\n  features\n  ownerId\n  ownerName\n  ownerPhone\n  owner {\n    id\n    username\n    firstName\n    lastName\n    agencyName\n    professionalCard\n  }\n  listingState\n  draftReason\n  hiddenAt\n  ...LegalMentionFields\n  rentControlled\n  priceHistory {\n    price\n    changedAt\n  }\n}": types.PropertyDetail_PropertyFragmentDoc,
    "query PropertyDetail($id: ID!) {\n  property(id: $id) {\n    ...PropertyDetail_property\n  }\n}": types.PropertyDetailDocument,
    "mutation RecordView($propertyId: ID!) {\n  recordView(propertyId: $propertyId) {\n    id\n    isViewed\n    viewedAt\n    propertyId\n    source\n  }\n}": types.RecordViewDocument,
    "mutation StartPropertyConversation($otherUserId: ID!, $propertyId: ID!) {\n  startConversation(otherUserId: $otherUserId, propertyId: $propertyId) {\n    id\n  }\n}": types.StartPropertyConversationDocument,
    "mutation UpdateProperty($id: ID!, $input: PropertyInput!) {\n  updateProperty(id: $id, input: $input) {\n    ...ListingFields\n  }\n}": types.UpdatePropertyDocument,
    "mutation UploadPropertyImages($files: [Upload!]!) {\n  uploadPropertyImages(files: $files)\n}": types.UploadPropertyImagesDocument,
    "mutation VerifyOnSite($propertyId: ID!, $latitude: Float!, $longitude: Float!, $accuracy: Float!) {\n  verifyOnSite(\n    propertyId: $propertyId\n    latitude: $latitude\n    longitude: $longitude\n    accuracy: $accuracy\n  ) {\n    id\n    verifiedOnSiteAt\n  }\n}": types.VerifyOnSiteDocument,
    "mutation CreateTenantFile($input: TenantFileInput!) {\n  createTenantFile(input: $input) {\n    ...TenantFileFields\n  }\n}": types.CreateTenantFileDocument,
    "mutation DeleteTenantFile($id: ID!) {\n  deleteTenantFile(id: $id)\n}": types.DeleteTenantFileDocument,
    "mutation ExtendTenantFileShare($fileId: ID!, $conversationId: ID!, $days: Int!) {\n  extendTenantFileShare(\n    fileId: $fileId\n    conversationId: $conversationId\n    days: $days\n  ) {\n    conversationId\n    expiresAt\n    status\n  }\n}": types.ExtendTenantFileShareDocument,
    "query TenantFileActivity {\n  tenantFiles {\n    id\n    accessLog {\n      id\n      readerFirstName\n      conversationId\n      kind\n      accessedAt\n    }\n    shares {\n      conversationId\n      recipientFirstName\n      expiresAt\n      revokedAt\n      status\n    }\n  }\n}": types.TenantFileActivityDocument,
    "fragment TenantFileFields on TenantFile {\n  id\n  title\n  description\n  fileType\n  fileUrl\n  originalName\n  mimeType\n  sizeBytes\n  verified\n  uploadedAt\n}": types.TenantFileFieldsFragmentDoc,
    "query TenantFiles {\n  tenantFiles {\n    ...TenantFileFields\n  }\n}": types.TenantFilesDocument,
    "mutation UploadTenantFile($file: Upload!) {\n  uploadTenantFile(file: $file) {\n    fileUrl\n    originalName\n  }\n}": types.UploadTenantFileDocument,
    "mutation ChangePassword($currentPassword: String!, $newPassword: String!) {\n  changePassword(currentPassword: $currentPassword, newPassword: $newPassword)\n}": types.ChangePasswordDocument,
    "mutation DeleteAccount($password: String!) {\n  deleteAccount(password: $password)\n}": types.DeleteAccountDocument,
    "mutation EraseMyLocations {\n  eraseMyLocations\n}": types.EraseMyLocationsDocument,
    "query ExportMyData {\n  exportMyData\n}": types.ExportMyDataDocument,
    "query PublicProfile($username: String!) {\n  user(username: $username) {\n    id\n    username\n    firstName\n    lastName\n    bio\n    profilePicture\n    isLandlord\n    agencyName\n    professionalCard\n    isVerified\n    createdAt\n  }\n}": types.PublicProfileDocument,
    "mutation UpdateProfile($input: ProfileInput!) {\n  updateProfile(input: $input) {\n    ...SessionUser\n  }\n}": types.UpdateProfileDocument,
    "mutation UploadProfilePicture($file: Upload!) {\n  uploadProfilePicture(file: $file) {\n    ...SessionUser\n  }\n}": types.UploadProfilePictureDocument,
    "mutation AnswerVisitSlot($id: ID!, $confirm: Boolean!) {\n  answerVisitSlot(id: $id, confirm: $confirm) {\n    ...SentVisitRequest\n  }\n}": types.AnswerVisitSlotDocument,
    "query MyVisitRequest($propertyId: ID!) {\n  myVisitRequest(propertyId: $propertyId) {\n    ...OwnVisitRequest\n  }\n}\n\nfragment OwnVisitRequest on VisitRequest {\n  id\n  status\n  message\n  propertyId\n  proposedAt\n  slotMinutes\n  slotAnswer\n  createdAt\n  updatedAt\n}": types.MyVisitRequestDocument,
    "query ReceivedVisitRequests {\n  visitRequests {\n    asOwner {\n      ...ReceivedVisitRequest\n    }\n  }\n}\n\nfragment ReceivedVisitRequest on VisitRequest {\n  id\n  status\n  message\n  createdAt\n  updatedAt\n  propertyId\n  proposedAt\n  slotMinutes\n  slotAnswer\n  property {\n    id\n    title\n  }\n  requester {\n    id\n    username\n    firstName\n    lastName\n    profilePicture\n  }\n}": types.ReceivedVisitRequestsDocument,
    "mutation RequestVisit($propertyId: ID!, $message: String) {\n  requestVisit(propertyId: $propertyId, message: $message) {\n    ...OwnVisitRequest\n  }\n}": types.RequestVisitDocument,
    "mutation RespondToVisitRequest($id: ID!, $approve: Boolean!, $proposedAt: DateTimeISO, $slotMinutes: Int) {\n  respondToVisitRequest(\n    id: $id\n    approve: $approve\n    proposedAt: $proposedAt\n    slotMinutes: $slotMinutes\n  ) {\n    ...ReceivedVisitRequest\n  }\n}": types.RespondToVisitRequestDocument,
    "query SentVisitRequests {\n  visitRequests {\n    asRequester {\n      ...SentVisitRequest\n    }\n  }\n}\n\nfragment SentVisitRequest on VisitRequest {\n  id\n  status\n  propertyId\n  proposedAt\n  slotMinutes\n  slotAnswer\n  createdAt\n  updatedAt\n  property {\n    id\n    title\n  }\n}": types.SentVisitRequestsDocument,
    "subscription VisitRequestChanged {\n  visitRequestChanged {\n    ...ReceivedVisitRequest\n    requesterId\n  }\n}": types.VisitRequestChangedDocument,
    "query LatestWalkPassed {\n  walks(first: 1) {\n    nodes {\n      id\n      startedAt\n      endedAt\n      passed {\n        positions\n        passed\n        matching\n        excluded {\n          criterion\n          count\n        }\n      }\n    }\n  }\n}": types.LatestWalkPassedDocument,
    "query PassedAround($latitude: Float!, $longitude: Float!, $searchFilters: SearchFiltersInput) {\n  passedAround(\n    latitude: $latitude\n    longitude: $longitude\n    searchFilters: $searchFilters\n  ) {\n    passed\n    matching\n    excluded {\n      criterion\n      count\n    }\n  }\n}": types.PassedAroundDocument,
    "fragment StreetSalesLine_walk on Walk {\n  streetSales {\n    count\n    enough\n    medianPricePerM2\n    firstSaleOn\n    since\n    source\n    dataUntil\n  }\n}": types.StreetSalesLine_WalkFragmentDoc,
    "fragment WalkSummary_walk on Walk {\n  id\n  startedAt\n  endedAt\n  lastFixAt\n  distanceM\n  discoveryCount\n}": types.WalkSummary_WalkFragmentDoc,
    "query Walk($id: ID!) {\n  walk(id: $id) {\n    ...WalkSummary_walk\n    ...StreetSalesLine_walk\n    path {\n      latitude\n      longitude\n      timestamp\n    }\n    discoveries {\n      ...HistoryCard_item\n      property {\n        ...MarketBadge_property\n      }\n    }\n    nearMisses {\n      missed\n      distanceM\n      property {\n        ...PropertyCard_property\n        ...MarketBadge_property\n      }\n    }\n  }\n}": types.WalkDocument,
    "query Walks($first: Int, $after: String) {\n  walks(first: $first, after: $after) {\n    nodes {\n      ...WalkSummary_walk\n      ...StreetSalesLine_walk\n    }\n    pageInfo {\n      endCursor\n      hasNextPage\n    }\n  }\n}": types.WalksDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment AccessTokenRow_token on AccessToken {\n  id\n  name\n  scopes\n  prefix\n  createdAt\n  expiresAt\n  lastUsedAt\n}"): (typeof documents)["fragment AccessTokenRow_token on AccessToken {\n  id\n  name\n  scopes\n  prefix\n  createdAt\n  expiresAt\n  lastUsedAt\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query AccessTokens {\n  accessTokens {\n    ...AccessTokenRow_token\n  }\n}"): (typeof documents)["query AccessTokens {\n  accessTokens {\n    ...AccessTokenRow_token\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CreateAccessToken($input: CreateAccessTokenInput!) {\n  createAccessToken(input: $input) {\n    token\n    accessToken {\n      ...AccessTokenRow_token\n    }\n  }\n}"): (typeof documents)["mutation CreateAccessToken($input: CreateAccessTokenInput!) {\n  createAccessToken(input: $input) {\n    token\n    accessToken {\n      ...AccessTokenRow_token\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation RevokeAccessToken($id: ID!) {\n  revokeAccessToken(id: $id)\n}"): (typeof documents)["mutation RevokeAccessToken($id: ID!) {\n  revokeAccessToken(id: $id)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ForgotPassword($email: String!) {\n  forgotPassword(email: $email)\n}"): (typeof documents)["mutation ForgotPassword($email: String!) {\n  forgotPassword(email: $email)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation Login($input: LoginInput!) {\n  login(input: $input) {\n    ...SessionUser\n  }\n}"): (typeof documents)["mutation Login($input: LoginInput!) {\n  login(input: $input) {\n    ...SessionUser\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation Logout {\n  logout\n}"): (typeof documents)["mutation Logout {\n  logout\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Me {\n  me {\n    ...SessionUser\n  }\n}"): (typeof documents)["query Me {\n  me {\n    ...SessionUser\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query PasswordResetTokenValid($token: String!) {\n  passwordResetTokenValid(token: $token)\n}"): (typeof documents)["query PasswordResetTokenValid($token: String!) {\n  passwordResetTokenValid(token: $token)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    ...SessionUser\n  }\n}"): (typeof documents)["mutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    ...SessionUser\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ResetPassword($input: ResetPasswordInput!) {\n  resetPassword(input: $input)\n}"): (typeof documents)["mutation ResetPassword($input: ResetPasswordInput!) {\n  resetPassword(input: $input)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment SessionUser on User {\n  id\n  username\n  email\n  firstName\n  lastName\n  phone\n  address\n  city\n  postalCode\n  age\n  bio\n  profilePicture\n  isLandlord\n  agencyName\n  siren\n  professionalCard\n  isVerified\n  lastLoginAt\n  createdAt\n  role\n}"): (typeof documents)["fragment SessionUser on User {\n  id\n  username\n  email\n  firstName\n  lastName\n  phone\n  address\n  city\n  postalCode\n  age\n  bio\n  profilePicture\n  isLandlord\n  agencyName\n  siren\n  professionalCard\n  isVerified\n  lastLoginAt\n  createdAt\n  role\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment ConversationRow on ConversationSummary {\n  id\n  lastActivityAt\n  unreadCount\n  propertyId\n  propertyTitle\n  warned\n  participant {\n    id\n    username\n    firstName\n    lastName\n    profilePicture\n  }\n}"): (typeof documents)["fragment ConversationRow on ConversationSummary {\n  id\n  lastActivityAt\n  unreadCount\n  propertyId\n  propertyTitle\n  warned\n  participant {\n    id\n    username\n    firstName\n    lastName\n    profilePicture\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "subscription ConversationUpdated {\n  conversationUpdated {\n    conversation {\n      ...ConversationRow\n    }\n    unreadMessageCount\n  }\n}"): (typeof documents)["subscription ConversationUpdated {\n  conversationUpdated {\n    conversation {\n      ...ConversationRow\n    }\n    unreadMessageCount\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ConversationThread($id: ID!) {\n  conversation(id: $id) {\n    conversation {\n      id\n      propertyId\n      lastActivityAt\n    }\n    participant {\n      id\n      username\n      firstName\n      lastName\n      profilePicture\n    }\n    property {\n      id\n      title\n    }\n    propertyTitle\n    messages {\n      ...MessageFields\n    }\n    trustWarning {\n      message\n      signals\n      reportTargetType\n      reportTargetId\n    }\n    documentsWarning\n  }\n}"): (typeof documents)["query ConversationThread($id: ID!) {\n  conversation(id: $id) {\n    conversation {\n      id\n      propertyId\n      lastActivityAt\n    }\n    participant {\n      id\n      username\n      firstName\n      lastName\n      profilePicture\n    }\n    property {\n      id\n      title\n    }\n    propertyTitle\n    messages {\n      ...MessageFields\n    }\n    trustWarning {\n      message\n      signals\n      reportTargetType\n      reportTargetId\n    }\n    documentsWarning\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Conversations {\n  conversations {\n    ...ConversationRow\n  }\n}"): (typeof documents)["query Conversations {\n  conversations {\n    ...ConversationRow\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation MarkConversationRead($conversationId: ID!) {\n  markConversationRead(conversationId: $conversationId) {\n    ...ConversationRow\n  }\n}"): (typeof documents)["mutation MarkConversationRead($conversationId: ID!) {\n  markConversationRead(conversationId: $conversationId) {\n    ...ConversationRow\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "subscription MessageAdded($conversationId: ID!) {\n  messageAdded(conversationId: $conversationId) {\n    ...MessageFields\n  }\n}"): (typeof documents)["subscription MessageAdded($conversationId: ID!) {\n  messageAdded(conversationId: $conversationId) {\n    ...MessageFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment MessageFields on Message {\n  id\n  conversationId\n  senderId\n  content\n  isRead\n  sentAt\n  messageType\n  attachedFileIds\n  revokedFileIds\n  attachmentShares {\n    fileId\n    expiresAt\n    status\n  }\n  attachedFiles {\n    id\n    title\n    fileType\n    fileUrl\n    originalName\n    mimeType\n  }\n}"): (typeof documents)["fragment MessageFields on Message {\n  id\n  conversationId\n  senderId\n  content\n  isRead\n  sentAt\n  messageType\n  attachedFileIds\n  revokedFileIds\n  attachmentShares {\n    fileId\n    expiresAt\n    status\n  }\n  attachedFiles {\n    id\n    title\n    fileType\n    fileUrl\n    originalName\n    mimeType\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation RevokeTenantFileAccess($conversationId: ID!, $fileId: ID!) {\n  revokeTenantFileAccess(conversationId: $conversationId, fileId: $fileId)\n}"): (typeof documents)["mutation RevokeTenantFileAccess($conversationId: ID!, $fileId: ID!) {\n  revokeTenantFileAccess(conversationId: $conversationId, fileId: $fileId)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation SendMessage($conversationId: ID!, $content: String, $attachedFileIds: [ID!], $shareDays: Int) {\n  sendMessage(\n    conversationId: $conversationId\n    content: $content\n    attachedFileIds: $attachedFileIds\n    shareDays: $shareDays\n  ) {\n    ...MessageFields\n  }\n}"): (typeof documents)["mutation SendMessage($conversationId: ID!, $content: String, $attachedFileIds: [ID!], $shareDays: Int) {\n  sendMessage(\n    conversationId: $conversationId\n    content: $content\n    attachedFileIds: $attachedFileIds\n    shareDays: $shareDays\n  ) {\n    ...MessageFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "subscription UnreadMessagesUpdated {\n  conversationUpdated {\n    conversation {\n      id\n      unreadCount\n      propertyTitle\n      participant {\n        id\n        username\n        firstName\n        lastName\n      }\n    }\n    unreadMessageCount\n  }\n}"): (typeof documents)["subscription UnreadMessagesUpdated {\n  conversationUpdated {\n    conversation {\n      id\n      unreadCount\n      propertyTitle\n      participant {\n        id\n        username\n        firstName\n        lastName\n      }\n    }\n    unreadMessageCount\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query PropertyByRef($ref: String!) {\n  propertyByRef(ref: $ref) {\n    id\n  }\n}"): (typeof documents)["query PropertyByRef($ref: String!) {\n  propertyByRef(ref: $ref) {\n    id\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query SimulationEnabled {\n  simulationEnabled\n}"): (typeof documents)["query SimulationEnabled {\n  simulationEnabled\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query DashboardUnreadMessageCount {\n  unreadMessageCount\n}"): (typeof documents)["query DashboardUnreadMessageCount {\n  unreadMessageCount\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ReportLocation($latitude: Float!, $longitude: Float!, $accuracy: Float, $timestamp: DateTimeISO, $clientId: String) {\n  reportLocation(\n    latitude: $latitude\n    longitude: $longitude\n    accuracy: $accuracy\n    timestamp: $timestamp\n    clientId: $clientId\n  ) {\n    matched\n    newDiscoveries {\n      id\n      title\n    }\n  }\n}"): (typeof documents)["mutation ReportLocation($latitude: Float!, $longitude: Float!, $accuracy: Float, $timestamp: DateTimeISO, $clientId: String) {\n  reportLocation(\n    latitude: $latitude\n    longitude: $longitude\n    accuracy: $accuracy\n    timestamp: $timestamp\n    clientId: $clientId\n  ) {\n    matched\n    newDiscoveries {\n      id\n      title\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ReportLocations($fixes: [LocationFixInput!]!) {\n  reportLocations(fixes: $fixes) {\n    stored\n    duplicates\n    discovered\n  }\n}"): (typeof documents)["mutation ReportLocations($fixes: [LocationFixInput!]!) {\n  reportLocations(fixes: $fixes) {\n    stored\n    duplicates\n    discovered\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation AddFavorite($propertyId: ID!) {\n  addFavorite(propertyId: $propertyId) {\n    ...FavoriteCard_item\n  }\n}"): (typeof documents)["mutation AddFavorite($propertyId: ID!) {\n  addFavorite(propertyId: $propertyId) {\n    ...FavoriteCard_item\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment FavoriteCard_item on FavoriteItem {\n  favorite {\n    id\n    createdAt\n  }\n  property {\n    ...PropertyCard_property\n  }\n}"): (typeof documents)["fragment FavoriteCard_item on FavoriteItem {\n  favorite {\n    id\n    createdAt\n  }\n  property {\n    ...PropertyCard_property\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Favorites {\n  favorites {\n    ...FavoriteCard_item\n    property {\n      ...MarketBadge_property\n    }\n  }\n}"): (typeof documents)["query Favorites {\n  favorites {\n    ...FavoriteCard_item\n    property {\n      ...MarketBadge_property\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation RemoveFavorite($propertyId: ID!) {\n  removeFavorite(propertyId: $propertyId)\n}"): (typeof documents)["mutation RemoveFavorite($propertyId: ID!) {\n  removeFavorite(propertyId: $propertyId)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "subscription FeedImportChanged {\n  feedImportChanged {\n    ...FeedImportSummary_import\n  }\n}"): (typeof documents)["subscription FeedImportChanged {\n  feedImportChanged {\n    ...FeedImportSummary_import\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query FeedImportReport($id: ID!) {\n  feedImport(id: $id) {\n    ...FeedImportSummary_import\n    report {\n      line\n      reference\n      field\n      message\n    }\n  }\n}"): (typeof documents)["query FeedImportReport($id: ID!) {\n  feedImport(id: $id) {\n    ...FeedImportSummary_import\n    report {\n      line\n      reference\n      field\n      message\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment FeedImportSummary_import on FeedImport {\n  id\n  status\n  statusLabel\n  lines\n  created\n  updated\n  unchanged\n  withdrawn\n  refused\n  drafts\n  error\n  createdAt\n  finishedAt\n}"): (typeof documents)["fragment FeedImportSummary_import on FeedImport {\n  id\n  status\n  statusLabel\n  lines\n  created\n  updated\n  unchanged\n  withdrawn\n  refused\n  drafts\n  error\n  createdAt\n  finishedAt\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query FeedImports {\n  feedImports {\n    ...FeedImportSummary_import\n  }\n}"): (typeof documents)["query FeedImports {\n  feedImports {\n    ...FeedImportSummary_import\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment FeedSource_source on FeedSource {\n  url\n  nextFetchAt\n  lastFetchAt\n  lastError\n}"): (typeof documents)["fragment FeedSource_source on FeedSource {\n  url\n  nextFetchAt\n  lastFetchAt\n  lastError\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query FeedSource {\n  feedSource {\n    ...FeedSource_source\n  }\n}"): (typeof documents)["query FeedSource {\n  feedSource {\n    ...FeedSource_source\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation FetchFeedSource {\n  fetchFeedSource\n}"): (typeof documents)["mutation FetchFeedSource {\n  fetchFeedSource\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ImportFeed($feed: Upload!) {\n  importFeed(feed: $feed) {\n    ...FeedImportSummary_import\n  }\n}"): (typeof documents)["mutation ImportFeed($feed: Upload!) {\n  importFeed(feed: $feed) {\n    ...FeedImportSummary_import\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation RemoveFeedSource {\n  removeFeedSource\n}"): (typeof documents)["mutation RemoveFeedSource {\n  removeFeedSource\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation SetFeedSource($url: String!) {\n  setFeedSource(url: $url) {\n    ...FeedSource_source\n  }\n}"): (typeof documents)["mutation SetFeedSource($url: String!) {\n  setFeedSource(url: $url) {\n    ...FeedSource_source\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Geocode($query: String!) {\n  geocode(query: $query) {\n    label\n    city\n    postcode\n    latitude\n    longitude\n    score\n  }\n}"): (typeof documents)["query Geocode($query: String!) {\n  geocode(query: $query) {\n    label\n    city\n    postcode\n    latitude\n    longitude\n    score\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "subscription DiscoveryAdded {\n  discoveryAdded {\n    ...HistoryCard_item\n  }\n}"): (typeof documents)["subscription DiscoveryAdded {\n  discoveryAdded {\n    ...HistoryCard_item\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment HistoryCard_item on HistoryItem {\n  entry {\n    id\n    isViewed\n    viewedAt\n    propertyId\n    source\n  }\n  property {\n    ...PropertyCard_property\n  }\n}"): (typeof documents)["fragment HistoryCard_item on HistoryItem {\n  entry {\n    id\n    isViewed\n    viewedAt\n    propertyId\n    source\n  }\n  property {\n    ...PropertyCard_property\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query History($since: String) {\n  history(since: $since) {\n    ...HistoryCard_item\n    property {\n      ...MarketBadge_property\n      ...AlsoPublishedBy_property\n    }\n  }\n}"): (typeof documents)["query History($since: String) {\n  history(since: $since) {\n    ...HistoryCard_item\n    property {\n      ...MarketBadge_property\n      ...AlsoPublishedBy_property\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation SimulateDiscovery {\n  simulateDiscovery {\n    ...HistoryCard_item\n  }\n}"): (typeof documents)["mutation SimulateDiscovery {\n  simulateDiscovery {\n    ...HistoryCard_item\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment MarketBadge_property on Property {\n  marketPosition\n}"): (typeof documents)["fragment MarketBadge_property on Property {\n  marketPosition\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query PropertyMarket($id: ID!) {\n  property(id: $id) {\n    id\n    market {\n      sales {\n        enough\n        count\n        radiusM\n        commune\n        since\n        pricePerM2\n        medianPricePerM2\n        p25PricePerM2\n        p75PricePerM2\n        differencePercent\n        position\n        source\n        dataUntil\n        sales {\n          dateMutation\n          type\n          rooms\n          surface\n          price\n          pricePerM2\n          street\n        }\n      }\n      rent {\n        commune\n        year\n        predictedPerM2\n        lowerPerM2\n        upperPerM2\n        rentPerM2\n        differencePercent\n        position\n        source\n      }\n    }\n  }\n}"): (typeof documents)["query PropertyMarket($id: ID!) {\n  property(id: $id) {\n    id\n    market {\n      sales {\n        enough\n        count\n        radiusM\n        commune\n        since\n        pricePerM2\n        medianPricePerM2\n        p25PricePerM2\n        p75PricePerM2\n        differencePercent\n        position\n        source\n        dataUntil\n        sales {\n          dateMutation\n          type\n          rooms\n          surface\n          price\n          pricePerM2\n          street\n        }\n      }\n      rent {\n        commune\n        year\n        predictedPerM2\n        lowerPerM2\n        upperPerM2\n        rentPerM2\n        differencePercent\n        position\n        source\n      }\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query RecentSales($near: SalesNearInput!, $first: Int) {\n  sales(near: $near, first: $first) {\n    nodes {\n      dateMutation\n      type\n      surface\n      price\n      pricePerM2\n      street\n      latitude\n      longitude\n    }\n    pageInfo {\n      hasNextPage\n    }\n    source\n  }\n}"): (typeof documents)["query RecentSales($near: SalesNearInput!, $first: Int) {\n  sales(near: $near, first: $first) {\n    nodes {\n      dateMutation\n      type\n      surface\n      price\n      pricePerM2\n      street\n      latitude\n      longitude\n    }\n    pageInfo {\n      hasNextPage\n    }\n    source\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment AlsoPublishedBy_property on Property {\n  alsoPublishedBy {\n    name\n    isAgency\n    propertyId\n  }\n}"): (typeof documents)["fragment AlsoPublishedBy_property on Property {\n  alsoPublishedBy {\n    name\n    isAgency\n    propertyId\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ContestModerationAction($id: ID!, $message: String!) {\n  contestModerationAction(id: $id, message: $message) {\n    ...ModerationActionFields\n  }\n}"): (typeof documents)["mutation ContestModerationAction($id: ID!, $message: String!) {\n  contestModerationAction(id: $id, message: $message) {\n    ...ModerationActionFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CreateReport($input: ReportInput!) {\n  createReport(input: $input) {\n    id\n    targetType\n    targetId\n    reason\n    createdAt\n  }\n}"): (typeof documents)["mutation CreateReport($input: ReportInput!) {\n  createReport(input: $input) {\n    id\n    targetType\n    targetId\n    reason\n    createdAt\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation Moderate($input: ModerationActionInput!) {\n  moderate(input: $input) {\n    ...ModerationActionFields\n  }\n}"): (typeof documents)["mutation Moderate($input: ModerationActionInput!) {\n  moderate(input: $input) {\n    ...ModerationActionFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment ModerationActionFields on ModerationAction {\n  id\n  action\n  targetType\n  targetId\n  reason\n  createdAt\n  contest\n  contestedAt\n}"): (typeof documents)["fragment ModerationActionFields on ModerationAction {\n  id\n  action\n  targetType\n  targetId\n  reason\n  createdAt\n  contest\n  contestedAt\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ModerationQueue {\n  moderationQueue {\n    listings {\n      propertyId\n      title\n      ownerId\n      ownerUsername\n      hidden\n      reportCount\n      flaggedMessageCount\n      score\n      reasons\n    }\n    accounts {\n      userId\n      username\n      suspended\n      reportCount\n      flaggedMessageCount\n      score\n      reasons\n    }\n  }\n}"): (typeof documents)["query ModerationQueue {\n  moderationQueue {\n    listings {\n      propertyId\n      title\n      ownerId\n      ownerUsername\n      hidden\n      reportCount\n      flaggedMessageCount\n      score\n      reasons\n    }\n    accounts {\n      userId\n      username\n      suspended\n      reportCount\n      flaggedMessageCount\n      score\n      reasons\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query MyModerationActions {\n  myModerationActions {\n    ...ModerationActionFields\n  }\n}"): (typeof documents)["query MyModerationActions {\n  myModerationActions {\n    ...ModerationActionFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment NotificationSettings_settings on NotificationSettings {\n  passingAlerts\n  messageAlerts\n  quietHours {\n    start\n    end\n  }\n  maxPerDay\n  minIntervalMinutes\n}"): (typeof documents)["fragment NotificationSettings_settings on NotificationSettings {\n  passingAlerts\n  messageAlerts\n  quietHours {\n    start\n    end\n  }\n  maxPerDay\n  minIntervalMinutes\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query NotificationSettings {\n  notificationSettings {\n    ...NotificationSettings_settings\n  }\n}"): (typeof documents)["query NotificationSettings {\n  notificationSettings {\n    ...NotificationSettings_settings\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query PushPublicKey {\n  pushPublicKey\n}"): (typeof documents)["query PushPublicKey {\n  pushPublicKey\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation SendTestNotification {\n  sendTestNotification\n}"): (typeof documents)["mutation SendTestNotification {\n  sendTestNotification\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation SubscribePush($subscription: PushSubscriptionInput!) {\n  subscribePush(subscription: $subscription) {\n    id\n  }\n}"): (typeof documents)["mutation SubscribePush($subscription: PushSubscriptionInput!) {\n  subscribePush(subscription: $subscription) {\n    id\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UnsubscribePush($endpoint: String!) {\n  unsubscribePush(endpoint: $endpoint)\n}"): (typeof documents)["mutation UnsubscribePush($endpoint: String!) {\n  unsubscribePush(endpoint: $endpoint)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateNotificationSettings($input: NotificationSettingsInput!) {\n  updateNotificationSettings(input: $input) {\n    ...NotificationSettings_settings\n  }\n}"): (typeof documents)["mutation UpdateNotificationSettings($input: NotificationSettingsInput!) {\n  updateNotificationSettings(input: $input) {\n    ...NotificationSettings_settings\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Preferences {\n  preferences {\n    searchFilters {\n      ...SearchFilters_filters\n    }\n  }\n}"): (typeof documents)["query Preferences {\n  preferences {\n    searchFilters {\n      ...SearchFilters_filters\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation SavePreferences($searchFilters: SearchFiltersInput!) {\n  savePreferences(searchFilters: $searchFilters) {\n    searchFilters {\n      ...SearchFilters_filters\n    }\n  }\n}"): (typeof documents)["mutation SavePreferences($searchFilters: SearchFiltersInput!) {\n  savePreferences(searchFilters: $searchFilters) {\n    searchFilters {\n      ...SearchFilters_filters\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment SearchFilters_filters on SearchFilters {\n  propertyStatus\n  propertyType\n  radius\n  priceMin\n  priceMax\n  sizeMin\n  sizeMax\n  bedrooms\n  roomsMin\n  bathrooms\n  features\n  zone {\n    latitude\n    longitude\n  }\n  energyMax\n}"): (typeof documents)["fragment SearchFilters_filters on SearchFilters {\n  propertyStatus\n  propertyType\n  radius\n  priceMin\n  priceMax\n  sizeMin\n  sizeMax\n  bedrooms\n  roomsMin\n  bathrooms\n  features\n  zone {\n    latitude\n    longitude\n  }\n  energyMax\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CreateProperty($input: PropertyInput!) {\n  createProperty(input: $input) {\n    ...ListingFields\n  }\n}"): (typeof documents)["mutation CreateProperty($input: PropertyInput!) {\n  createProperty(input: $input) {\n    ...ListingFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation DeleteProperty($id: ID!) {\n  deleteProperty(id: $id)\n}"): (typeof documents)["mutation DeleteProperty($id: ID!) {\n  deleteProperty(id: $id)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ExploreProperties($filter: PropertyFilterInput!, $first: Int) {\n  properties(filter: $filter, first: $first) {\n    nodes {\n      ...PropertyCard_property\n      ...MarketBadge_property\n      ...AlsoPublishedBy_property\n      distanceM\n    }\n    pageInfo {\n      hasNextPage\n    }\n  }\n}"): (typeof documents)["query ExploreProperties($filter: PropertyFilterInput!, $first: Int) {\n  properties(filter: $filter, first: $first) {\n    nodes {\n      ...PropertyCard_property\n      ...MarketBadge_property\n      ...AlsoPublishedBy_property\n      distanceM\n    }\n    pageInfo {\n      hasNextPage\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment LegalMentionFields on Property {\n  energyCostMin\n  energyCostMax\n  energyPricesYear\n  isNewBuild\n  charges\n  chargesMode\n  deposit\n  furnished\n  baseRent\n  referenceRentMajored\n  rentSupplement\n  tenantFees\n  inventoryFees\n  coOwnership {\n    lots\n    annualCharges\n    proceedings\n  }\n  advertiser\n  feesPaidBy\n  buyerFeesPercent\n}"): (typeof documents)["fragment LegalMentionFields on Property {\n  energyCostMin\n  energyCostMax\n  energyPricesYear\n  isNewBuild\n  charges\n  chargesMode\n  deposit\n  furnished\n  baseRent\n  referenceRentMajored\n  rentSupplement\n  tenantFees\n  inventoryFees\n  coOwnership {\n    lots\n    annualCharges\n    proceedings\n  }\n  advertiser\n  feesPaidBy\n  buyerFeesPercent\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment ListingFields on Property {\n  id\n  ref\n  title\n  description\n  price\n  currency\n  isRental\n  size\n  rooms\n  bedrooms\n  bathrooms\n  floor\n  address\n  city\n  postalCode\n  latitude\n  longitude\n  type\n  dpeRating\n  gesRating\n  ...LegalMentionFields\n  features\n  images\n  ownerId\n  ownerName\n  ownerEmail\n  ownerPhone\n  createdAt\n  updatedAt\n  verifiedOnSiteAt\n  hiddenAt\n}"): (typeof documents)["fragment ListingFields on Property {\n  id\n  ref\n  title\n  description\n  price\n  currency\n  isRental\n  size\n  rooms\n  bedrooms\n  bathrooms\n  floor\n  address\n  city\n  postalCode\n  latitude\n  longitude\n  type\n  dpeRating\n  gesRating\n  ...LegalMentionFields\n  features\n  images\n  ownerId\n  ownerName\n  ownerEmail\n  ownerPhone\n  createdAt\n  updatedAt\n  verifiedOnSiteAt\n  hiddenAt\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ListingForEdit($id: ID!) {\n  property(id: $id) {\n    ...ListingFields\n  }\n}"): (typeof documents)["query ListingForEdit($id: ID!) {\n  property(id: $id) {\n    ...ListingFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment ListingStats_stats on PropertyStats {\n  days\n  passedBy\n  viewed\n  favorited\n  contacted\n  previous {\n    passedBy\n    viewed\n    favorited\n    contacted\n  }\n}"): (typeof documents)["fragment ListingStats_stats on PropertyStats {\n  days\n  passedBy\n  viewed\n  favorited\n  contacted\n  previous {\n    passedBy\n    viewed\n    favorited\n    contacted\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ListingStats($id: ID!, $days: Int!) {\n  property(id: $id) {\n    id\n    stats(days: $days) {\n      ...ListingStats_stats\n    }\n  }\n}"): (typeof documents)["query ListingStats($id: ID!, $days: Int!) {\n  property(id: $id) {\n    id\n    stats(days: $days) {\n      ...ListingStats_stats\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query MyListingStats($days: Int!) {\n  myProperties {\n    id\n    stats(days: $days) {\n      ...ListingStats_stats\n    }\n  }\n}"): (typeof documents)["query MyListingStats($days: Int!) {\n  myProperties {\n    id\n    stats(days: $days) {\n      ...ListingStats_stats\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query MyProperties {\n  myProperties {\n    ...ListingFields\n  }\n}"): (typeof documents)["query MyProperties {\n  myProperties {\n    ...ListingFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment PropertyCard_property on Property {\n  id\n  title\n  address\n  city\n  postalCode\n  size\n  rooms\n  price\n  formerPrice\n  currency\n  isRental\n  type\n  images\n  photos {\n    url\n    srcset\n    width\n    height\n  }\n  latitude\n  longitude\n  verifiedOnSiteAt\n  dpeRating\n  gesRating\n}"): (typeof documents)["fragment PropertyCard_property on Property {\n  id\n  title\n  address\n  city\n  postalCode\n  size\n  rooms\n  price\n  formerPrice\n  currency\n  isRental\n  type\n  images\n  photos {\n    url\n    srcset\n    width\n    height\n  }\n  latitude\n  longitude\n  verifiedOnSiteAt\n  dpeRating\n  gesRating\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment PropertyDetail_property on Property {\n  ...PropertyCard_property\n  description\n  size\n  rooms\n  bedrooms\n  bathrooms\n  floor\n  features\n  ownerId\n  ownerName\n  ownerPhone\n  owner {\n    id\n    username\n    firstName\n    lastName\n    agencyName\n    professionalCard\n  }\n  listingState\n  draftReason\n  hiddenAt\n  ...LegalMentionFields\n  rentControlled\n  priceHistory {\n    price\n    changedAt\n  }\n}"): (typeof documents)["fragment PropertyDetail_property on Property {\n  ...PropertyCard_property\n  description\n  size\n  rooms\n  bedrooms\n  bathrooms\n  floor\n  features\n  ownerId\n  ownerName\n  ownerPhone\n  owner {\n    id\n    username\n    firstName\n    lastName\n    agencyName\n    professionalCard\n  }\n  listingState\n  draftReason\n  hiddenAt\n  ...LegalMentionFields\n  rentControlled\n  priceHistory {\n    price\n    changedAt\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query PropertyDetail($id: ID!) {\n  property(id: $id) {\n    ...PropertyDetail_property\n  }\n}"): (typeof documents)["query PropertyDetail($id: ID!) {\n  property(id: $id) {\n    ...PropertyDetail_property\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation RecordView($propertyId: ID!) {\n  recordView(propertyId: $propertyId) {\n    id\n    isViewed\n    viewedAt\n    propertyId\n    source\n  }\n}"): (typeof documents)["mutation RecordView($propertyId: ID!) {\n  recordView(propertyId: $propertyId) {\n    id\n    isViewed\n    viewedAt\n    propertyId\n    source\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation StartPropertyConversation($otherUserId: ID!, $propertyId: ID!) {\n  startConversation(otherUserId: $otherUserId, propertyId: $propertyId) {\n    id\n  }\n}"): (typeof documents)["mutation StartPropertyConversation($otherUserId: ID!, $propertyId: ID!) {\n  startConversation(otherUserId: $otherUserId, propertyId: $propertyId) {\n    id\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateProperty($id: ID!, $input: PropertyInput!) {\n  updateProperty(id: $id, input: $input) {\n    ...ListingFields\n  }\n}"): (typeof documents)["mutation UpdateProperty($id: ID!, $input: PropertyInput!) {\n  updateProperty(id: $id, input: $input) {\n    ...ListingFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UploadPropertyImages($files: [Upload!]!) {\n  uploadPropertyImages(files: $files)\n}"): (typeof documents)["mutation UploadPropertyImages($files: [Upload!]!) {\n  uploadPropertyImages(files: $files)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation VerifyOnSite($propertyId: ID!, $latitude: Float!, $longitude: Float!, $accuracy: Float!) {\n  verifyOnSite(\n    propertyId: $propertyId\n    latitude: $latitude\n    longitude: $longitude\n    accuracy: $accuracy\n  ) {\n    id\n    verifiedOnSiteAt\n  }\n}"): (typeof documents)["mutation VerifyOnSite($propertyId: ID!, $latitude: Float!, $longitude: Float!, $accuracy: Float!) {\n  verifyOnSite(\n    propertyId: $propertyId\n    latitude: $latitude\n    longitude: $longitude\n    accuracy: $accuracy\n  ) {\n    id\n    verifiedOnSiteAt\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CreateTenantFile($input: TenantFileInput!) {\n  createTenantFile(input: $input) {\n    ...TenantFileFields\n  }\n}"): (typeof documents)["mutation CreateTenantFile($input: TenantFileInput!) {\n  createTenantFile(input: $input) {\n    ...TenantFileFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation DeleteTenantFile($id: ID!) {\n  deleteTenantFile(id: $id)\n}"): (typeof documents)["mutation DeleteTenantFile($id: ID!) {\n  deleteTenantFile(id: $id)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ExtendTenantFileShare($fileId: ID!, $conversationId: ID!, $days: Int!) {\n  extendTenantFileShare(\n    fileId: $fileId\n    conversationId: $conversationId\n    days: $days\n  ) {\n    conversationId\n    expiresAt\n    status\n  }\n}"): (typeof documents)["mutation ExtendTenantFileShare($fileId: ID!, $conversationId: ID!, $days: Int!) {\n  extendTenantFileShare(\n    fileId: $fileId\n    conversationId: $conversationId\n    days: $days\n  ) {\n    conversationId\n    expiresAt\n    status\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query TenantFileActivity {\n  tenantFiles {\n    id\n    accessLog {\n      id\n      readerFirstName\n      conversationId\n      kind\n      accessedAt\n    }\n    shares {\n      conversationId\n      recipientFirstName\n      expiresAt\n      revokedAt\n      status\n    }\n  }\n}"): (typeof documents)["query TenantFileActivity {\n  tenantFiles {\n    id\n    accessLog {\n      id\n      readerFirstName\n      conversationId\n      kind\n      accessedAt\n    }\n    shares {\n      conversationId\n      recipientFirstName\n      expiresAt\n      revokedAt\n      status\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment TenantFileFields on TenantFile {\n  id\n  title\n  description\n  fileType\n  fileUrl\n  originalName\n  mimeType\n  sizeBytes\n  verified\n  uploadedAt\n}"): (typeof documents)["fragment TenantFileFields on TenantFile {\n  id\n  title\n  description\n  fileType\n  fileUrl\n  originalName\n  mimeType\n  sizeBytes\n  verified\n  uploadedAt\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query TenantFiles {\n  tenantFiles {\n    ...TenantFileFields\n  }\n}"): (typeof documents)["query TenantFiles {\n  tenantFiles {\n    ...TenantFileFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UploadTenantFile($file: Upload!) {\n  uploadTenantFile(file: $file) {\n    fileUrl\n    originalName\n  }\n}"): (typeof documents)["mutation UploadTenantFile($file: Upload!) {\n  uploadTenantFile(file: $file) {\n    fileUrl\n    originalName\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation ChangePassword($currentPassword: String!, $newPassword: String!) {\n  changePassword(currentPassword: $currentPassword, newPassword: $newPassword)\n}"): (typeof documents)["mutation ChangePassword($currentPassword: String!, $newPassword: String!) {\n  changePassword(currentPassword: $currentPassword, newPassword: $newPassword)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation DeleteAccount($password: String!) {\n  deleteAccount(password: $password)\n}"): (typeof documents)["mutation DeleteAccount($password: String!) {\n  deleteAccount(password: $password)\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation EraseMyLocations {\n  eraseMyLocations\n}"): (typeof documents)["mutation EraseMyLocations {\n  eraseMyLocations\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ExportMyData {\n  exportMyData\n}"): (typeof documents)["query ExportMyData {\n  exportMyData\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query PublicProfile($username: String!) {\n  user(username: $username) {\n    id\n    username\n    firstName\n    lastName\n    bio\n    profilePicture\n    isLandlord\n    agencyName\n    professionalCard\n    isVerified\n    createdAt\n  }\n}"): (typeof documents)["query PublicProfile($username: String!) {\n  user(username: $username) {\n    id\n    username\n    firstName\n    lastName\n    bio\n    profilePicture\n    isLandlord\n    agencyName\n    professionalCard\n    isVerified\n    createdAt\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UpdateProfile($input: ProfileInput!) {\n  updateProfile(input: $input) {\n    ...SessionUser\n  }\n}"): (typeof documents)["mutation UpdateProfile($input: ProfileInput!) {\n  updateProfile(input: $input) {\n    ...SessionUser\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation UploadProfilePicture($file: Upload!) {\n  uploadProfilePicture(file: $file) {\n    ...SessionUser\n  }\n}"): (typeof documents)["mutation UploadProfilePicture($file: Upload!) {\n  uploadProfilePicture(file: $file) {\n    ...SessionUser\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation AnswerVisitSlot($id: ID!, $confirm: Boolean!) {\n  answerVisitSlot(id: $id, confirm: $confirm) {\n    ...SentVisitRequest\n  }\n}"): (typeof documents)["mutation AnswerVisitSlot($id: ID!, $confirm: Boolean!) {\n  answerVisitSlot(id: $id, confirm: $confirm) {\n    ...SentVisitRequest\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query MyVisitRequest($propertyId: ID!) {\n  myVisitRequest(propertyId: $propertyId) {\n    ...OwnVisitRequest\n  }\n}\n\nfragment OwnVisitRequest on VisitRequest {\n  id\n  status\n  message\n  propertyId\n  proposedAt\n  slotMinutes\n  slotAnswer\n  createdAt\n  updatedAt\n}"): (typeof documents)["query MyVisitRequest($propertyId: ID!) {\n  myVisitRequest(propertyId: $propertyId) {\n    ...OwnVisitRequest\n  }\n}\n\nfragment OwnVisitRequest on VisitRequest {\n  id\n  status\n  message\n  propertyId\n  proposedAt\n  slotMinutes\n  slotAnswer\n  createdAt\n  updatedAt\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ReceivedVisitRequests {\n  visitRequests {\n    asOwner {\n      ...ReceivedVisitRequest\n    }\n  }\n}\n\nfragment ReceivedVisitRequest on VisitRequest {\n  id\n  status\n  message\n  createdAt\n  updatedAt\n  propertyId\n  proposedAt\n  slotMinutes\n  slotAnswer\n  property {\n    id\n    title\n  }\n  requester {\n    id\n    username\n    firstName\n    lastName\n    profilePicture\n  }\n}"): (typeof documents)["query ReceivedVisitRequests {\n  visitRequests {\n    asOwner {\n      ...ReceivedVisitRequest\n    }\n  }\n}\n\nfragment ReceivedVisitRequest on VisitRequest {\n  id\n  status\n  message\n  createdAt\n  updatedAt\n  propertyId\n  proposedAt\n  slotMinutes\n  slotAnswer\n  property {\n    id\n    title\n  }\n  requester {\n    id\n    username\n    firstName\n    lastName\n    profilePicture\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation RequestVisit($propertyId: ID!, $message: String) {\n  requestVisit(propertyId: $propertyId, message: $message) {\n    ...OwnVisitRequest\n  }\n}"): (typeof documents)["mutation RequestVisit($propertyId: ID!, $message: String) {\n  requestVisit(propertyId: $propertyId, message: $message) {\n    ...OwnVisitRequest\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation RespondToVisitRequest($id: ID!, $approve: Boolean!, $proposedAt: DateTimeISO, $slotMinutes: Int) {\n  respondToVisitRequest(\n    id: $id\n    approve: $approve\n    proposedAt: $proposedAt\n    slotMinutes: $slotMinutes\n  ) {\n    ...ReceivedVisitRequest\n  }\n}"): (typeof documents)["mutation RespondToVisitRequest($id: ID!, $approve: Boolean!, $proposedAt: DateTimeISO, $slotMinutes: Int) {\n  respondToVisitRequest(\n    id: $id\n    approve: $approve\n    proposedAt: $proposedAt\n    slotMinutes: $slotMinutes\n  ) {\n    ...ReceivedVisitRequest\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query SentVisitRequests {\n  visitRequests {\n    asRequester {\n      ...SentVisitRequest\n    }\n  }\n}\n\nfragment SentVisitRequest on VisitRequest {\n  id\n  status\n  propertyId\n  proposedAt\n  slotMinutes\n  slotAnswer\n  createdAt\n  updatedAt\n  property {\n    id\n    title\n  }\n}"): (typeof documents)["query SentVisitRequests {\n  visitRequests {\n    asRequester {\n      ...SentVisitRequest\n    }\n  }\n}\n\nfragment SentVisitRequest on VisitRequest {\n  id\n  status\n  propertyId\n  proposedAt\n  slotMinutes\n  slotAnswer\n  createdAt\n  updatedAt\n  property {\n    id\n    title\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "subscription VisitRequestChanged {\n  visitRequestChanged {\n    ...ReceivedVisitRequest\n    requesterId\n  }\n}"): (typeof documents)["subscription VisitRequestChanged {\n  visitRequestChanged {\n    ...ReceivedVisitRequest\n    requesterId\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query LatestWalkPassed {\n  walks(first: 1) {\n    nodes {\n      id\n      startedAt\n      endedAt\n      passed {\n        positions\n        passed\n        matching\n        excluded {\n          criterion\n          count\n        }\n      }\n    }\n  }\n}"): (typeof documents)["query LatestWalkPassed {\n  walks(first: 1) {\n    nodes {\n      id\n      startedAt\n      endedAt\n      passed {\n        positions\n        passed\n        matching\n        excluded {\n          criterion\n          count\n        }\n      }\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query PassedAround($latitude: Float!, $longitude: Float!, $searchFilters: SearchFiltersInput) {\n  passedAround(\n    latitude: $latitude\n    longitude: $longitude\n    searchFilters: $searchFilters\n  ) {\n    passed\n    matching\n    excluded {\n      criterion\n      count\n    }\n  }\n}"): (typeof documents)["query PassedAround($latitude: Float!, $longitude: Float!, $searchFilters: SearchFiltersInput) {\n  passedAround(\n    latitude: $latitude\n    longitude: $longitude\n    searchFilters: $searchFilters\n  ) {\n    passed\n    matching\n    excluded {\n      criterion\n      count\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment StreetSalesLine_walk on Walk {\n  streetSales {\n    count\n    enough\n    medianPricePerM2\n    firstSaleOn\n    since\n    source\n    dataUntil\n  }\n}"): (typeof documents)["fragment StreetSalesLine_walk on Walk {\n  streetSales {\n    count\n    enough\n    medianPricePerM2\n    firstSaleOn\n    since\n    source\n    dataUntil\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment WalkSummary_walk on Walk {\n  id\n  startedAt\n  endedAt\n  lastFixAt\n  distanceM\n  discoveryCount\n}"): (typeof documents)["fragment WalkSummary_walk on Walk {\n  id\n  startedAt\n  endedAt\n  lastFixAt\n  distanceM\n  discoveryCount\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Walk($id: ID!) {\n  walk(id: $id) {\n    ...WalkSummary_walk\n    ...StreetSalesLine_walk\n    path {\n      latitude\n      longitude\n      timestamp\n    }\n    discoveries {\n      ...HistoryCard_item\n      property {\n        ...MarketBadge_property\n      }\n    }\n    nearMisses {\n      missed\n      distanceM\n      property {\n        ...PropertyCard_property\n        ...MarketBadge_property\n      }\n    }\n  }\n}"): (typeof documents)["query Walk($id: ID!) {\n  walk(id: $id) {\n    ...WalkSummary_walk\n    ...StreetSalesLine_walk\n    path {\n      latitude\n      longitude\n      timestamp\n    }\n    discoveries {\n      ...HistoryCard_item\n      property {\n        ...MarketBadge_property\n      }\n    }\n    nearMisses {\n      missed\n      distanceM\n      property {\n        ...PropertyCard_property\n        ...MarketBadge_property\n      }\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query Walks($first: Int, $after: String) {\n  walks(first: $first, after: $after) {\n    nodes {\n      ...WalkSummary_walk\n      ...StreetSalesLine_walk\n    }\n    pageInfo {\n      endCursor\n      hasNextPage\n    }\n  }\n}"): (typeof documents)["query Walks($first: Int, $after: String) {\n  walks(first: $first, after: $after) {\n    nodes {\n      ...WalkSummary_walk\n      ...StreetSalesLine_walk\n    }\n    pageInfo {\n      endCursor\n      hasNextPage\n    }\n  }\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;