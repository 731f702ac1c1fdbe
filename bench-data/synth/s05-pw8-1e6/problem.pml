/* Written by ltsym: the RERS Promela encoding of a parallel LTS system */

/* Actions (message types) */
mtype = { nop, c0_t2__c1_t10, c1_t5__c0_t1, c1_t2__c0_t0, c1_t8__c4_t3, c5_t1__c1_t9, c1_t1__c7_t0, c1_t4__c5_t0, c1_t3__c7_t2, c7_t3__c1_t6, c6_t1__c2_t2, c2_t0, c3_t0__c4_t1, c3_t3__c6_t0, c3_t2 };

/* Inter-process channels */
chan p1_0 = [0] of {mtype};
chan p4_1 = [0] of {mtype};
chan p4_3 = [0] of {mtype};
chan p5_1 = [0] of {mtype};
chan p6_2 = [0] of {mtype};
chan p6_3 = [0] of {mtype};
chan p7_1 = [0] of {mtype};

/* Environment<->process channels */
chan p0 = [0] of {mtype};
chan p1 = [0] of {mtype};
chan p2 = [0] of {mtype};
chan p3 = [0] of {mtype};
chan p4 = [0] of {mtype};
chan p5 = [0] of {mtype};
chan p6 = [0] of {mtype};
chan p7 = [0] of {mtype};

/* Environment process */
active proctype Environment()
{
  do
  :: p0 ! nop
  :: p1 ! nop
  :: p2 ! c2_t0
  :: p2 ! nop
  :: p3 ! c3_t2
  :: p3 ! nop
  :: p4 ! nop
  :: p5 ! nop
  :: p6 ! nop
  :: p7 ! nop
  od
}

/* Action channel */
chan act = [0] of {mtype};

/* Most recent message event */
mtype lastAction = nop;

/* Action listener */
active proctype Listener()
{
  atomic {
    do
    :: act ? lastAction ->
  step: skip
    od
  }
}

/* Process 0 (component `component0`) */
active proctype Proc0()
{
  int state = 0;
  do
  :: state == 0 ->
    atomic {
      if
      :: p0 ? nop ->
        state = 1;
      fi
    }
  :: state == 1 ->
    atomic {
      if
      :: p1_0 ? c0_t2__c1_t10 ->
        act ! c0_t2__c1_t10;
        state = 2;
      :: p1_0 ? c1_t5__c0_t1 ->
        act ! c1_t5__c0_t1;
        state = 3;
      :: p1_0 ? c1_t2__c0_t0 ->
        act ! c1_t2__c0_t0;
        state = 4;
      fi
    }
  :: state == 2 ->
    atomic {
      if
      :: p1_0 ? c0_t2__c1_t10 ->
        act ! c0_t2__c1_t10;
        state = 2;
      :: p1_0 ? c1_t5__c0_t1 ->
        act ! c1_t5__c0_t1;
        state = 2;
      :: p1_0 ? c1_t2__c0_t0 ->
        act ! c1_t2__c0_t0;
        state = 2;
      fi
    }
  :: state == 3 ->
    atomic {
      if
      :: p1_0 ? c0_t2__c1_t10 ->
        act ! c0_t2__c1_t10;
        state = 2;
      :: p1_0 ? c1_t2__c0_t0 ->
        act ! c1_t2__c0_t0;
        state = 2;
      fi
    }
  :: state == 4 ->
    atomic {
      if
      :: p1_0 ? c1_t2__c0_t0 ->
        act ! c1_t2__c0_t0;
        state = 4;
      fi
    }
  od
}

/* Process 1 (component `component1`) */
active proctype Proc1()
{
  int state = 5;
  do
  :: state == 5 ->
    atomic {
      if
      :: p1 ? nop ->
        state = 6;
      fi
    }
  :: state == 6 ->
    atomic {
      if
      :: p1_0 ! c0_t2__c1_t10 ->
        state = 13;
      :: p1_0 ! c1_t5__c0_t1 ->
        state = 16;
      :: p1_0 ! c1_t5__c0_t1 ->
        state = 17;
      :: p4_1 ? c1_t8__c4_t3 ->
        act ! c1_t8__c4_t3;
        state = 7;
      :: p4_1 ? c1_t8__c4_t3 ->
        act ! c1_t8__c4_t3;
        state = 8;
      :: p5_1 ? c5_t1__c1_t9 ->
        act ! c5_t1__c1_t9;
        state = 9;
      :: p7_1 ? c1_t1__c7_t0 ->
        act ! c1_t1__c7_t0;
        state = 10;
      :: p5_1 ? c1_t4__c5_t0 ->
        act ! c1_t4__c5_t0;
        state = 11;
      :: p5_1 ? c1_t4__c5_t0 ->
        act ! c1_t4__c5_t0;
        state = 12;
      :: p7_1 ? c1_t3__c7_t2 ->
        act ! c1_t3__c7_t2;
        state = 14;
      :: p7_1 ? c1_t3__c7_t2 ->
        act ! c1_t3__c7_t2;
        state = 15;
      :: p7_1 ? c7_t3__c1_t6 ->
        act ! c7_t3__c1_t6;
        state = 18;
      :: p7_1 ? c7_t3__c1_t6 ->
        act ! c7_t3__c1_t6;
        state = 19;
      fi
    }
  :: state == 7 ->
    atomic {
      if
      :: p4_1 ? c1_t8__c4_t3 ->
        act ! c1_t8__c4_t3;
        state = 20;
      fi
    }
  :: state == 8 ->
    atomic {
      if
      :: p4_1 ? c1_t8__c4_t3 ->
        act ! c1_t8__c4_t3;
        state = 8;
      fi
    }
  :: state == 9 ->
    atomic {
      if
      :: p5_1 ? c5_t1__c1_t9 ->
        act ! c5_t1__c1_t9;
        state = 9;
      fi
    }
  :: state == 10 ->
    atomic {
      if
      :: p7_1 ? c1_t1__c7_t0 ->
        act ! c1_t1__c7_t0;
        state = 10;
      fi
    }
  :: state == 12 ->
    atomic {
      if
      :: p1_0 ! c1_t2__c0_t0 ->
        state = 12;
      :: p5_1 ? c1_t4__c5_t0 ->
        act ! c1_t4__c5_t0;
        state = 12;
      :: p5_1 ? c1_t4__c5_t0 ->
        act ! c1_t4__c5_t0;
        state = 14;
      fi
    }
  :: state == 13 ->
    atomic {
      if
      :: p7_1 ? c1_t1__c7_t0 ->
        act ! c1_t1__c7_t0;
        state = 13;
      fi
    }
  :: state == 14 ->
    atomic {
      if
      :: p7_1 ? c7_t3__c1_t6 ->
        act ! c7_t3__c1_t6;
        state = 10;
      fi
    }
  :: state == 15 ->
    atomic {
      if
      :: p7_1 ? c1_t1__c7_t0 ->
        act ! c1_t1__c7_t0;
        state = 15;
      fi
    }
  :: state == 16 ->
    atomic {
      if
      :: p1_0 ! c0_t2__c1_t10 ->
        state = 21;
      fi
    }
  :: state == 17 ->
    atomic {
      if
      :: p1_0 ! c1_t5__c0_t1 ->
        state = 12;
      :: p7_1 ? c1_t1__c7_t0 ->
        act ! c1_t1__c7_t0;
        state = 17;
      fi
    }
  :: state == 18 ->
    atomic {
      if
      :: p7_1 ? c1_t1__c7_t0 ->
        act ! c1_t1__c7_t0;
        state = 18;
      fi
    }
  :: state == 19 ->
    atomic {
      if
      :: p7_1 ? c1_t1__c7_t0 ->
        act ! c1_t1__c7_t0;
        state = 19;
      :: p5_1 ? c1_t4__c5_t0 ->
        act ! c1_t4__c5_t0;
        state = 16;
      fi
    }
  :: state == 20 ->
    atomic {
      if
      :: p1_0 ! c1_t2__c0_t0 ->
        state = 7;
      fi
    }
  :: state == 21 ->
    atomic {
      if
      :: p7_1 ? c1_t1__c7_t0 ->
        act ! c1_t1__c7_t0;
        state = 21;
      fi
    }
  od
}

/* Process 2 (component `component2`) */
active proctype Proc2()
{
  int state = 22;
  do
  :: state == 22 ->
    atomic {
      if
      :: p2 ? nop ->
        state = 23;
      fi
    }
  :: state == 23 ->
    atomic {
      if
      :: p6_2 ? c6_t1__c2_t2 ->
        act ! c6_t1__c2_t2;
        state = 23;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 24;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 26;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 28;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 37;
      fi
    }
  :: state == 24 ->
    atomic {
      if
      :: p6_2 ? c6_t1__c2_t2 ->
        act ! c6_t1__c2_t2;
        state = 23;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 25;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 29;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 32;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 34;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 44;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 47;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 57;
      fi
    }
  :: state == 25 ->
    atomic {
      if
      :: p6_2 ? c6_t1__c2_t2 ->
        act ! c6_t1__c2_t2;
        state = 23;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 34;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 36;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 39;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 41;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 52;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 59;
      fi
    }
  :: state == 26 ->
    atomic {
      if
      :: p6_2 ? c6_t1__c2_t2 ->
        act ! c6_t1__c2_t2;
        state = 23;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 27;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 30;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 33;
      fi
    }
  :: state == 27 ->
    atomic {
      if
      :: p6_2 ? c6_t1__c2_t2 ->
        act ! c6_t1__c2_t2;
        state = 23;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 37;
      fi
    }
  :: state == 28 ->
    atomic {
      if
      :: p6_2 ? c6_t1__c2_t2 ->
        act ! c6_t1__c2_t2;
        state = 23;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 57;
      fi
    }
  :: state == 29 ->
    atomic {
      if
      :: p6_2 ? c6_t1__c2_t2 ->
        act ! c6_t1__c2_t2;
        state = 23;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 38;
      fi
    }
  :: state == 30 ->
    atomic {
      if
      :: p6_2 ? c6_t1__c2_t2 ->
        act ! c6_t1__c2_t2;
        state = 23;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 31;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 42;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 55;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 59;
      fi
    }
  :: state == 31 ->
    atomic {
      if
      :: p6_2 ? c6_t1__c2_t2 ->
        act ! c6_t1__c2_t2;
        state = 23;
      fi
    }
  :: state == 32 ->
    atomic {
      if
      :: p6_2 ? c6_t1__c2_t2 ->
        act ! c6_t1__c2_t2;
        state = 23;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 35;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 43;
      fi
    }
  :: state == 33 ->
    atomic {
      if
      :: p6_2 ? c6_t1__c2_t2 ->
        act ! c6_t1__c2_t2;
        state = 23;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 47;
      fi
    }
  :: state == 34 ->
    atomic {
      if
      :: p6_2 ? c6_t1__c2_t2 ->
        act ! c6_t1__c2_t2;
        state = 23;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 37;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 45;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 50;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 54;
      fi
    }
  :: state == 35 ->
    atomic {
      if
      :: p6_2 ? c6_t1__c2_t2 ->
        act ! c6_t1__c2_t2;
        state = 23;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 40;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 48;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 53;
      fi
    }
  :: state == 36 ->
    atomic {
      if
      :: p6_2 ? c6_t1__c2_t2 ->
        act ! c6_t1__c2_t2;
        state = 23;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 39;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 49;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 56;
      fi
    }
  :: state == 37 ->
    atomic {
      if
      :: p6_2 ? c6_t1__c2_t2 ->
        act ! c6_t1__c2_t2;
        state = 23;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 59;
      fi
    }
  :: state == 38 ->
    atomic {
      if
      :: p6_2 ? c6_t1__c2_t2 ->
        act ! c6_t1__c2_t2;
        state = 23;
      fi
    }
  :: state == 39 ->
    atomic {
      if
      :: p6_2 ? c6_t1__c2_t2 ->
        act ! c6_t1__c2_t2;
        state = 23;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 46;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 58;
      fi
    }
  :: state == 40 ->
    atomic {
      if
      :: p6_2 ? c6_t1__c2_t2 ->
        act ! c6_t1__c2_t2;
        state = 23;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 52;
      fi
    }
  :: state == 41 ->
    atomic {
      if
      :: p6_2 ? c6_t1__c2_t2 ->
        act ! c6_t1__c2_t2;
        state = 23;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 46;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 49;
      fi
    }
  :: state == 42 ->
    atomic {
      if
      :: p6_2 ? c6_t1__c2_t2 ->
        act ! c6_t1__c2_t2;
        state = 23;
      fi
    }
  :: state == 43 ->
    atomic {
      if
      :: p6_2 ? c6_t1__c2_t2 ->
        act ! c6_t1__c2_t2;
        state = 23;
      fi
    }
  :: state == 44 ->
    atomic {
      if
      :: p6_2 ? c6_t1__c2_t2 ->
        act ! c6_t1__c2_t2;
        state = 23;
      fi
    }
  :: state == 45 ->
    atomic {
      if
      :: p6_2 ? c6_t1__c2_t2 ->
        act ! c6_t1__c2_t2;
        state = 23;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 50;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 51;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 55;
      fi
    }
  :: state == 46 ->
    atomic {
      if
      :: p6_2 ? c6_t1__c2_t2 ->
        act ! c6_t1__c2_t2;
        state = 23;
      fi
    }
  :: state == 47 ->
    atomic {
      if
      :: p6_2 ? c6_t1__c2_t2 ->
        act ! c6_t1__c2_t2;
        state = 23;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 50;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 58;
      fi
    }
  :: state == 48 ->
    atomic {
      if
      :: p6_2 ? c6_t1__c2_t2 ->
        act ! c6_t1__c2_t2;
        state = 23;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 56;
      fi
    }
  :: state == 49 ->
    atomic {
      if
      :: p6_2 ? c6_t1__c2_t2 ->
        act ! c6_t1__c2_t2;
        state = 23;
      fi
    }
  :: state == 50 ->
    atomic {
      if
      :: p6_2 ? c6_t1__c2_t2 ->
        act ! c6_t1__c2_t2;
        state = 23;
      fi
    }
  :: state == 51 ->
    atomic {
      if
      :: p6_2 ? c6_t1__c2_t2 ->
        act ! c6_t1__c2_t2;
        state = 23;
      fi
    }
  :: state == 52 ->
    atomic {
      if
      :: p6_2 ? c6_t1__c2_t2 ->
        act ! c6_t1__c2_t2;
        state = 23;
      fi
    }
  :: state == 53 ->
    atomic {
      if
      :: p6_2 ? c6_t1__c2_t2 ->
        act ! c6_t1__c2_t2;
        state = 23;
      :: p2 ? c2_t0 ->
        act ! c2_t0;
        state = 56;
      fi
    }
  :: state == 54 ->
    atomic {
      if
      :: p6_2 ? c6_t1__c2_t2 ->
        act ! c6_t1__c2_t2;
        state = 23;
      fi
    }
  :: state == 55 ->
    atomic {
      if
      :: p6_2 ? c6_t1__c2_t2 ->
        act ! c6_t1__c2_t2;
        state = 23;
      fi
    }
  :: state == 56 ->
    atomic {
      if
      :: p6_2 ? c6_t1__c2_t2 ->
        act ! c6_t1__c2_t2;
        state = 23;
      fi
    }
  :: state == 57 ->
    atomic {
      if
      :: p6_2 ? c6_t1__c2_t2 ->
        act ! c6_t1__c2_t2;
        state = 23;
      fi
    }
  :: state == 58 ->
    atomic {
      if
      :: p6_2 ? c6_t1__c2_t2 ->
        act ! c6_t1__c2_t2;
        state = 23;
      fi
    }
  :: state == 59 ->
    atomic {
      if
      :: p6_2 ? c6_t1__c2_t2 ->
        act ! c6_t1__c2_t2;
        state = 23;
      fi
    }
  od
}

/* Process 3 (component `component3`) */
active proctype Proc3()
{
  int state = 60;
  do
  :: state == 60 ->
    atomic {
      if
      :: p3 ? nop ->
        state = 61;
      fi
    }
  :: state == 61 ->
    atomic {
      if
      :: p4_3 ? c3_t0__c4_t1 ->
        act ! c3_t0__c4_t1;
        state = 61;
      :: p6_3 ? c3_t3__c6_t0 ->
        act ! c3_t3__c6_t0;
        state = 64;
      :: p6_3 ? c3_t3__c6_t0 ->
        act ! c3_t3__c6_t0;
        state = 66;
      :: p6_3 ? c3_t3__c6_t0 ->
        act ! c3_t3__c6_t0;
        state = 70;
      :: p6_3 ? c3_t3__c6_t0 ->
        act ! c3_t3__c6_t0;
        state = 87;
      :: p6_3 ? c3_t3__c6_t0 ->
        act ! c3_t3__c6_t0;
        state = 97;
      :: p3 ? c3_t2 ->
        act ! c3_t2;
        state = 62;
      :: p3 ? c3_t2 ->
        act ! c3_t2;
        state = 63;
      :: p3 ? c3_t2 ->
        act ! c3_t2;
        state = 64;
      :: p3 ? c3_t2 ->
        act ! c3_t2;
        state = 89;
      fi
    }
  :: state == 62 ->
    atomic {
      if
      :: p4_3 ? c3_t0__c4_t1 ->
        act ! c3_t0__c4_t1;
        state = 61;
      :: p6_3 ? c3_t3__c6_t0 ->
        act ! c3_t3__c6_t0;
        state = 65;
      :: p6_3 ? c3_t3__c6_t0 ->
        act ! c3_t3__c6_t0;
        state = 69;
      :: p6_3 ? c3_t3__c6_t0 ->
        act ! c3_t3__c6_t0;
        state = 71;
      :: p6_3 ? c3_t3__c6_t0 ->
        act ! c3_t3__c6_t0;
        state = 73;
      :: p3 ? c3_t2 ->
        act ! c3_t2;
        state = 79;
      fi
    }
  :: state == 63 ->
    atomic {
      if
      :: p4_3 ? c3_t0__c4_t1 ->
        act ! c3_t0__c4_t1;
        state = 61;
      :: p3 ? c3_t2 ->
        act ! c3_t2;
        state = 65;
      fi
    }
  :: state == 64 ->
    atomic {
      if
      :: p4_3 ? c3_t0__c4_t1 ->
        act ! c3_t0__c4_t1;
        state = 61;
      :: p3 ? c3_t2 ->
        act ! c3_t2;
        state = 67;
      :: p3 ? c3_t2 ->
        act ! c3_t2;
        state = 96;
      fi
    }
  :: state == 65 ->
    atomic {
      if
      :: p4_3 ? c3_t0__c4_t1 ->
        act ! c3_t0__c4_t1;
        state = 61;
      :: p3 ? c3_t2 ->
        act ! c3_t2;
        state = 77;
      fi
    }
  :: state == 66 ->
    atomic {
      if
      :: p4_3 ? c3_t0__c4_t1 ->
        act ! c3_t0__c4_t1;
        state = 61;
      :: p6_3 ? c3_t3__c6_t0 ->
        act ! c3_t3__c6_t0;
        state = 68;
      :: p6_3 ? c3_t3__c6_t0 ->
        act ! c3_t3__c6_t0;
        state = 71;
      :: p3 ? c3_t2 ->
        act ! c3_t2;
        state = 83;
      :: p3 ? c3_t2 ->
        act ! c3_t2;
        state = 88;
      fi
    }
  :: state == 67 ->
    atomic {
      if
      :: p4_3 ? c3_t0__c4_t1 ->
        act ! c3_t0__c4_t1;
        state = 61;
      :: p6_3 ? c3_t3__c6_t0 ->
        act ! c3_t3__c6_t0;
        state = 91;
      :: p3 ? c3_t2 ->
        act ! c3_t2;
        state = 76;
      :: p3 ? c3_t2 ->
        act ! c3_t2;
        state = 81;
      fi
    }
  :: state == 68 ->
    atomic {
      if
      :: p4_3 ? c3_t0__c4_t1 ->
        act ! c3_t0__c4_t1;
        state = 61;
      :: p3 ? c3_t2 ->
        act ! c3_t2;
        state = 95;
      fi
    }
  :: state == 69 ->
    atomic {
      if
      :: p4_3 ? c3_t0__c4_t1 ->
        act ! c3_t0__c4_t1;
        state = 61;
      :: p6_3 ? c3_t3__c6_t0 ->
        act ! c3_t3__c6_t0;
        state = 82;
      :: p3 ? c3_t2 ->
        act ! c3_t2;
        state = 80;
      fi
    }
  :: state == 70 ->
    atomic {
      if
      :: p4_3 ? c3_t0__c4_t1 ->
        act ! c3_t0__c4_t1;
        state = 61;
      :: p3 ? c3_t2 ->
        act ! c3_t2;
        state = 75;
      fi
    }
  :: state == 71 ->
    atomic {
      if
      :: p4_3 ? c3_t0__c4_t1 ->
        act ! c3_t0__c4_t1;
        state = 61;
      :: p6_3 ? c3_t3__c6_t0 ->
        act ! c3_t3__c6_t0;
        state = 94;
      :: p3 ? c3_t2 ->
        act ! c3_t2;
        state = 72;
      :: p3 ? c3_t2 ->
        act ! c3_t2;
        state = 80;
      fi
    }
  :: state == 72 ->
    atomic {
      if
      :: p4_3 ? c3_t0__c4_t1 ->
        act ! c3_t0__c4_t1;
        state = 61;
      :: p3 ? c3_t2 ->
        act ! c3_t2;
        state = 74;
      fi
    }
  :: state == 73 ->
    atomic {
      if
      :: p4_3 ? c3_t0__c4_t1 ->
        act ! c3_t0__c4_t1;
        state = 61;
      fi
    }
  :: state == 74 ->
    atomic {
      if
      :: p4_3 ? c3_t0__c4_t1 ->
        act ! c3_t0__c4_t1;
        state = 61;
      :: p3 ? c3_t2 ->
        act ! c3_t2;
        state = 90;
      fi
    }
  :: state == 75 ->
    atomic {
      if
      :: p4_3 ? c3_t0__c4_t1 ->
        act ! c3_t0__c4_t1;
        state = 61;
      :: p6_3 ? c3_t3__c6_t0 ->
        act ! c3_t3__c6_t0;
        state = 91;
      :: p3 ? c3_t2 ->
        act ! c3_t2;
        state = 82;
      :: p3 ? c3_t2 ->
        act ! c3_t2;
        state = 83;
      fi
    }
  :: state == 76 ->
    atomic {
      if
      :: p4_3 ? c3_t0__c4_t1 ->
        act ! c3_t0__c4_t1;
        state = 61;
      fi
    }
  :: state == 77 ->
    atomic {
      if
      :: p4_3 ? c3_t0__c4_t1 ->
        act ! c3_t0__c4_t1;
        state = 61;
      :: p3 ? c3_t2 ->
        act ! c3_t2;
        state = 78;
      :: p3 ? c3_t2 ->
        act ! c3_t2;
        state = 84;
      fi
    }
  :: state == 78 ->
    atomic {
      if
      :: p4_3 ? c3_t0__c4_t1 ->
        act ! c3_t0__c4_t1;
        state = 61;
      :: p6_3 ? c3_t3__c6_t0 ->
        act ! c3_t3__c6_t0;
        state = 85;
      :: p3 ? c3_t2 ->
        act ! c3_t2;
        state = 91;
      fi
    }
  :: state == 79 ->
    atomic {
      if
      :: p4_3 ? c3_t0__c4_t1 ->
        act ! c3_t0__c4_t1;
        state = 61;
      :: p6_3 ? c3_t3__c6_t0 ->
        act ! c3_t3__c6_t0;
        state = 95;
      :: p3 ? c3_t2 ->
        act ! c3_t2;
        state = 80;
      :: p3 ? c3_t2 ->
        act ! c3_t2;
        state = 92;
      fi
    }
  :: state == 80 ->
    atomic {
      if
      :: p4_3 ? c3_t0__c4_t1 ->
        act ! c3_t0__c4_t1;
        state = 61;
      fi
    }
  :: state == 81 ->
    atomic {
      if
      :: p4_3 ? c3_t0__c4_t1 ->
        act ! c3_t0__c4_t1;
        state = 61;
      fi
    }
  :: state == 82 ->
    atomic {
      if
      :: p4_3 ? c3_t0__c4_t1 ->
        act ! c3_t0__c4_t1;
        state = 61;
      :: p6_3 ? c3_t3__c6_t0 ->
        act ! c3_t3__c6_t0;
        state = 84;
      :: p6_3 ? c3_t3__c6_t0 ->
        act ! c3_t3__c6_t0;
        state = 86;
      fi
    }
  :: state == 83 ->
    atomic {
      if
      :: p4_3 ? c3_t0__c4_t1 ->
        act ! c3_t0__c4_t1;
        state = 61;
      fi
    }
  :: state == 84 ->
    atomic {
      if
      :: p4_3 ? c3_t0__c4_t1 ->
        act ! c3_t0__c4_t1;
        state = 61;
      fi
    }
  :: state == 85 ->
    atomic {
      if
      :: p4_3 ? c3_t0__c4_t1 ->
        act ! c3_t0__c4_t1;
        state = 61;
      :: p6_3 ? c3_t3__c6_t0 ->
        act ! c3_t3__c6_t0;
        state = 86;
      :: p6_3 ? c3_t3__c6_t0 ->
        act ! c3_t3__c6_t0;
        state = 97;
      fi
    }
  :: state == 86 ->
    atomic {
      if
      :: p4_3 ? c3_t0__c4_t1 ->
        act ! c3_t0__c4_t1;
        state = 61;
      :: p3 ? c3_t2 ->
        act ! c3_t2;
        state = 96;
      fi
    }
  :: state == 87 ->
    atomic {
      if
      :: p4_3 ? c3_t0__c4_t1 ->
        act ! c3_t0__c4_t1;
        state = 61;
      :: p6_3 ? c3_t3__c6_t0 ->
        act ! c3_t3__c6_t0;
        state = 89;
      fi
    }
  :: state == 88 ->
    atomic {
      if
      :: p4_3 ? c3_t0__c4_t1 ->
        act ! c3_t0__c4_t1;
        state = 61;
      :: p3 ? c3_t2 ->
        act ! c3_t2;
        state = 93;
      fi
    }
  :: state == 89 ->
    atomic {
      if
      :: p4_3 ? c3_t0__c4_t1 ->
        act ! c3_t0__c4_t1;
        state = 61;
      :: p6_3 ? c3_t3__c6_t0 ->
        act ! c3_t3__c6_t0;
        state = 94;
      fi
    }
  :: state == 90 ->
    atomic {
      if
      :: p4_3 ? c3_t0__c4_t1 ->
        act ! c3_t0__c4_t1;
        state = 61;
      fi
    }
  :: state == 91 ->
    atomic {
      if
      :: p4_3 ? c3_t0__c4_t1 ->
        act ! c3_t0__c4_t1;
        state = 61;
      fi
    }
  :: state == 92 ->
    atomic {
      if
      :: p4_3 ? c3_t0__c4_t1 ->
        act ! c3_t0__c4_t1;
        state = 61;
      fi
    }
  :: state == 93 ->
    atomic {
      if
      :: p4_3 ? c3_t0__c4_t1 ->
        act ! c3_t0__c4_t1;
        state = 61;
      fi
    }
  :: state == 94 ->
    atomic {
      if
      :: p4_3 ? c3_t0__c4_t1 ->
        act ! c3_t0__c4_t1;
        state = 61;
      :: p3 ? c3_t2 ->
        act ! c3_t2;
        state = 97;
      fi
    }
  :: state == 95 ->
    atomic {
      if
      :: p4_3 ? c3_t0__c4_t1 ->
        act ! c3_t0__c4_t1;
        state = 61;
      fi
    }
  :: state == 96 ->
    atomic {
      if
      :: p4_3 ? c3_t0__c4_t1 ->
        act ! c3_t0__c4_t1;
        state = 61;
      :: p6_3 ? c3_t3__c6_t0 ->
        act ! c3_t3__c6_t0;
        state = 97;
      fi
    }
  :: state == 97 ->
    atomic {
      if
      :: p4_3 ? c3_t0__c4_t1 ->
        act ! c3_t0__c4_t1;
        state = 61;
      fi
    }
  od
}

/* Process 4 (component `component4`) */
active proctype Proc4()
{
  int state = 98;
  do
  :: state == 98 ->
    atomic {
      if
      :: p4 ? nop ->
        state = 99;
      fi
    }
  :: state == 99 ->
    atomic {
      if
      :: p4_1 ! c1_t8__c4_t3 ->
        state = 99;
      :: p4_3 ! c3_t0__c4_t1 ->
        state = 100;
      fi
    }
  :: state == 100 ->
    atomic {
      if
      :: p4_1 ! c1_t8__c4_t3 ->
        state = 99;
      fi
    }
  od
}

/* Process 5 (component `component5`) */
active proctype Proc5()
{
  int state = 101;
  do
  :: state == 101 ->
    atomic {
      if
      :: p5 ? nop ->
        state = 102;
      fi
    }
  :: state == 102 ->
    atomic {
      if
      :: p5_1 ! c5_t1__c1_t9 ->
        state = 103;
      fi
    }
  :: state == 103 ->
    atomic {
      if
      :: p5_1 ! c5_t1__c1_t9 ->
        state = 103;
      :: p5_1 ! c1_t4__c5_t0 ->
        state = 104;
      fi
    }
  :: state == 104 ->
    atomic {
      if
      :: p5_1 ! c5_t1__c1_t9 ->
        state = 104;
      :: p5_1 ! c1_t4__c5_t0 ->
        state = 104;
      fi
    }
  od
}

/* Process 6 (component `component6`) */
active proctype Proc6()
{
  int state = 105;
  do
  :: state == 105 ->
    atomic {
      if
      :: p6 ? nop ->
        state = 106;
      fi
    }
  :: state == 106 ->
    atomic {
      if
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 107;
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 109;
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 112;
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 130;
      :: p6_3 ! c3_t3__c6_t0 ->
        state = 106;
      fi
    }
  :: state == 107 ->
    atomic {
      if
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 108;
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 111;
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 113;
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 119;
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 121;
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 128;
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 129;
      :: p6_3 ! c3_t3__c6_t0 ->
        state = 106;
      fi
    }
  :: state == 108 ->
    atomic {
      if
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 114;
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 115;
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 126;
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 131;
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 139;
      :: p6_3 ! c3_t3__c6_t0 ->
        state = 106;
      fi
    }
  :: state == 109 ->
    atomic {
      if
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 110;
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 122;
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 137;
      :: p6_3 ! c3_t3__c6_t0 ->
        state = 106;
      fi
    }
  :: state == 110 ->
    atomic {
      if
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 134;
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 142;
      :: p6_3 ! c3_t3__c6_t0 ->
        state = 106;
      fi
    }
  :: state == 111 ->
    atomic {
      if
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 112;
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 118;
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 120;
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 125;
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 133;
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 137;
      :: p6_3 ! c3_t3__c6_t0 ->
        state = 106;
      fi
    }
  :: state == 112 ->
    atomic {
      if
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 119;
      :: p6_3 ! c3_t3__c6_t0 ->
        state = 106;
      fi
    }
  :: state == 113 ->
    atomic {
      if
      :: p6_3 ! c3_t3__c6_t0 ->
        state = 106;
      fi
    }
  :: state == 114 ->
    atomic {
      if
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 124;
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 132;
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 141;
      :: p6_3 ! c3_t3__c6_t0 ->
        state = 106;
      fi
    }
  :: state == 115 ->
    atomic {
      if
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 116;
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 117;
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 142;
      :: p6_3 ! c3_t3__c6_t0 ->
        state = 106;
      fi
    }
  :: state == 116 ->
    atomic {
      if
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 118;
      :: p6_3 ! c3_t3__c6_t0 ->
        state = 106;
      fi
    }
  :: state == 117 ->
    atomic {
      if
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 124;
      :: p6_3 ! c3_t3__c6_t0 ->
        state = 106;
      fi
    }
  :: state == 118 ->
    atomic {
      if
      :: p6_3 ! c3_t3__c6_t0 ->
        state = 106;
      fi
    }
  :: state == 119 ->
    atomic {
      if
      :: p6_3 ! c3_t3__c6_t0 ->
        state = 106;
      fi
    }
  :: state == 120 ->
    atomic {
      if
      :: p6_3 ! c3_t3__c6_t0 ->
        state = 106;
      fi
    }
  :: state == 121 ->
    atomic {
      if
      :: p6_3 ! c3_t3__c6_t0 ->
        state = 106;
      fi
    }
  :: state == 122 ->
    atomic {
      if
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 123;
      :: p6_3 ! c3_t3__c6_t0 ->
        state = 106;
      fi
    }
  :: state == 123 ->
    atomic {
      if
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 137;
      :: p6_3 ! c3_t3__c6_t0 ->
        state = 106;
      fi
    }
  :: state == 124 ->
    atomic {
      if
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 127;
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 138;
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 142;
      :: p6_3 ! c3_t3__c6_t0 ->
        state = 106;
      fi
    }
  :: state == 125 ->
    atomic {
      if
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 132;
      :: p6_3 ! c3_t3__c6_t0 ->
        state = 106;
      fi
    }
  :: state == 126 ->
    atomic {
      if
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 132;
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 135;
      :: p6_3 ! c3_t3__c6_t0 ->
        state = 106;
      fi
    }
  :: state == 127 ->
    atomic {
      if
      :: p6_3 ! c3_t3__c6_t0 ->
        state = 106;
      fi
    }
  :: state == 128 ->
    atomic {
      if
      :: p6_3 ! c3_t3__c6_t0 ->
        state = 106;
      fi
    }
  :: state == 129 ->
    atomic {
      if
      :: p6_3 ! c3_t3__c6_t0 ->
        state = 106;
      fi
    }
  :: state == 130 ->
    atomic {
      if
      :: p6_3 ! c3_t3__c6_t0 ->
        state = 106;
      fi
    }
  :: state == 131 ->
    atomic {
      if
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 141;
      :: p6_3 ! c3_t3__c6_t0 ->
        state = 106;
      fi
    }
  :: state == 132 ->
    atomic {
      if
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 135;
      :: p6_3 ! c3_t3__c6_t0 ->
        state = 106;
      fi
    }
  :: state == 133 ->
    atomic {
      if
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 134;
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 136;
      :: p6_3 ! c3_t3__c6_t0 ->
        state = 106;
      fi
    }
  :: state == 134 ->
    atomic {
      if
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 138;
      :: p6_3 ! c3_t3__c6_t0 ->
        state = 106;
      fi
    }
  :: state == 135 ->
    atomic {
      if
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 137;
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 140;
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 141;
      :: p6_3 ! c3_t3__c6_t0 ->
        state = 106;
      fi
    }
  :: state == 136 ->
    atomic {
      if
      :: p6_3 ! c3_t3__c6_t0 ->
        state = 106;
      fi
    }
  :: state == 137 ->
    atomic {
      if
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 140;
      :: p6_3 ! c3_t3__c6_t0 ->
        state = 106;
      fi
    }
  :: state == 138 ->
    atomic {
      if
      :: p6_3 ! c3_t3__c6_t0 ->
        state = 106;
      fi
    }
  :: state == 139 ->
    atomic {
      if
      :: p6_2 ! c6_t1__c2_t2 ->
        state = 141;
      :: p6_3 ! c3_t3__c6_t0 ->
        state = 106;
      fi
    }
  :: state == 140 ->
    atomic {
      if
      :: p6_3 ! c3_t3__c6_t0 ->
        state = 106;
      fi
    }
  :: state == 141 ->
    atomic {
      if
      :: p6_3 ! c3_t3__c6_t0 ->
        state = 106;
      fi
    }
  :: state == 142 ->
    atomic {
      if
      :: p6_3 ! c3_t3__c6_t0 ->
        state = 106;
      fi
    }
  od
}

/* Process 7 (component `component7`) */
active proctype Proc7()
{
  int state = 143;
  do
  :: state == 143 ->
    atomic {
      if
      :: p7 ? nop ->
        state = 144;
      fi
    }
  :: state == 144 ->
    atomic {
      if
      :: p7_1 ! c1_t1__c7_t0 ->
        state = 145;
      :: p7_1 ! c1_t3__c7_t2 ->
        state = 146;
      :: p7_1 ! c7_t3__c1_t6 ->
        state = 145;
      fi
    }
  :: state == 145 ->
    atomic {
      if
      :: p7_1 ! c1_t1__c7_t0 ->
        state = 145;
      :: p7_1 ! c1_t3__c7_t2 ->
        state = 147;
      :: p7_1 ! c7_t3__c1_t6 ->
        state = 147;
      fi
    }
  :: state == 146 ->
    atomic {
      if
      :: p7_1 ! c1_t1__c7_t0 ->
        state = 145;
      fi
    }
  :: state == 147 ->
    atomic {
      if
      :: p7_1 ! c1_t1__c7_t0 ->
        state = 147;
      :: p7_1 ! c7_t3__c1_t6 ->
        state = 147;
      fi
    }
  od
}
