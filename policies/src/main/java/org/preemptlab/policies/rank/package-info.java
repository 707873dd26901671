/**
 * Building blocks shared by the policy families: a policy that ranks jobs for both launch and SM
 * placement ({@link org.preemptlab.policies.rank.RankedPolicy}), the remaining-work estimate that
 * size- and laxity-based policies use ({@link org.preemptlab.policies.rank.WorkEstimate}) and a
 * provider base ({@link org.preemptlab.policies.rank.PolicyProviderBase}).
 */
package org.preemptlab.policies.rank;
