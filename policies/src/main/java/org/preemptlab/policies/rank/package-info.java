/**
 * Building blocks shared by the policy families: a policy that ranks jobs for both launch and SM
 * placement ({@link org.preemptlab.policies.rank.RankedPolicy}), the remaining-work estimate that
 * size- and laxity-based policies use ({@link org.preemptlab.policies.rank.WorkEstimate}), ready
 * jobs in submit order for {@code fifo} and DRM's FIFO run queue ({@link
 * org.preemptlab.policies.rank.SubmitOrderQueue}) and a provider base ({@link
 * org.preemptlab.policies.rank.PolicyProviderBase}).
 */
package org.preemptlab.policies.rank;
