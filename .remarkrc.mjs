// `pnpm check:links`: every link in the Markdown files resolves (files, folders and heading anchors),
// so a renamed page or heading cannot leave a dead link behind. Offline: external URLs are not fetched.
import remarkValidateLinks from 'remark-validate-links';

export default {
  // No GitHub remote is configured in every clone; links are checked as relative paths only.
  plugins: [[remarkValidateLinks, { repository: false }]],
};
